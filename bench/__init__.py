"""Benchmarks: ``python -m bench`` (``make bench``) prints one ``name: value unit``
line per figure. Each ``bench/bench_*.py`` module exposes ``figures()``, an
iterator of ``(name, value, unit)``; anything else a module prints goes to
stderr."""
