"""Build the compiled kernels; MAHJONG_FAST_NO_EXTENSIONS=1 installs pure Python only."""
import glob
import os

from setuptools import setup

ext_modules = []
if not os.environ.get("MAHJONG_FAST_NO_EXTENSIONS"):
    from Cython.Build import cythonize

    ext_modules = cythonize(
        sorted(glob.glob("mahjong_fast/*.pyx")),
        compiler_directives={"language_level": "3"},
    )

setup(ext_modules=ext_modules)
