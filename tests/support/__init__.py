"""What the tests share: the implementations under test, oracles, hand generators.

``impls`` chooses and runs the implementations (compiled or pure Python) and
finds the external data; ``oracles`` holds the independent, deliberately naive
checkers the kernels are held against; ``hands`` draws random hands and reads
mpsz text into counts.  Test modules import from here, never from each other.
"""
