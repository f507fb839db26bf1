"""The docstrings' examples run and print what they show."""

import doctest

import boardpath


def test_docstring_examples():
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testmod(boardpath, optionflags=flags)
    assert result.failed == 0
    assert result.attempted >= 20


def test_every_public_name_is_documented():
    for name in boardpath.__all__:
        obj = getattr(boardpath, name)
        if callable(obj):
            assert obj.__doc__ and obj.__doc__.strip(), name


def test_typed_package():
    import pathlib

    here = pathlib.Path(boardpath.__file__).parent
    assert (here / "py.typed").exists()
    assert (here / "_native.pyi").exists()
