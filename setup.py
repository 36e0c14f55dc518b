"""Build the compiled modules; MAHJONG_FAST_NO_EXTENSIONS=1 installs pure Python only."""
import glob
import importlib.util
from pathlib import Path

from setuptools import setup

_spec = importlib.util.spec_from_file_location("_switch", "mahjong_fast/_switch.py")
_switch = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_switch)

ext_modules = []
if not _switch.extensions_disabled():
    from Cython.Build import cythonize

    _spec = importlib.util.spec_from_file_location("_c_numbers", "mahjong_fast/_c_numbers.py")
    _c_numbers = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(_c_numbers)
    _c_numbers.write(Path("mahjong_fast"))  # the .pxd of each numbers module, from its Python

    ext_modules = cythonize(
        sorted(glob.glob("mahjong_fast/*.pyx") + glob.glob("mahjong_fast/_kernels/*.pyx")),
        compiler_directives={"language_level": "3"},
    )

setup(ext_modules=ext_modules)
