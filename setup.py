"""The compiled Burraco core (issue 27): built from source with the machine's C++ compiler.

The extension is optional: where the compiler is missing or the build fails, setuptools warns
and the package installs without it; ``tavolo.games.burraco.native`` then says so in a warning
and the pure-Python engine plays (docs/compiled-engine.md).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "tavolo.games.burraco._core",
            sources=["src/tavolo/games/burraco/_core.cpp"],
            depends=["src/tavolo/games/burraco/_strong.cpp", "src/tavolo/games/burraco/_easy.cpp",
                     "src/tavolo/games/burraco/_search.cpp", "src/tavolo/games/burraco/_pimc.cpp",
                     "src/tavolo/games/burraco/_vec.cpp"],
            language="c++",
            extra_compile_args=["-O3", "-std=c++17", "-fno-strict-aliasing"],
            optional=True,
        )
    ]
)
