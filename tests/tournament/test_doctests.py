"""The examples in the tournament and store docstrings run as written."""

import doctest
import importlib
import pkgutil

import pytest

import tavolo.store
import tavolo.tournament

MODULES = [
    info.name
    for package in (tavolo.tournament, tavolo.store)
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
    if ".migrations" not in info.name
] + ["tavolo.store"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
