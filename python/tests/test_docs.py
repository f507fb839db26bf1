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


def test_openspiel_and_native_examples():
    from conftest import required

    required("pyspiel")
    import boardpath.openspiel

    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testmod(boardpath.openspiel, optionflags=flags)
    assert result.failed == 0 and result.attempted >= 4
    # The compiled classes' docstrings (doctest does not look inside extension modules).
    finder, runner = doctest.DocTestFinder(), doctest.DocTestRunner(optionflags=flags)
    for obj in (boardpath.Game,):
        for test in finder.find(obj, obj.__name__, globs={}):
            runner.run(test)
    assert runner.failures == 0 and runner.tries >= 2


def test_nothing_but_the_api_at_the_top():
    # The names the module needed while it was built (os, typing's) do not leak; the type
    # aliases of the signatures stay.
    public = {n for n in dir(boardpath) if not n.startswith("_")}
    assert public - set(boardpath.__all__) <= {"BoardLike", "Die", "envs", "openspiel"}
    for leaked in ("os", "Any", "Dict", "List", "overload"):
        assert not hasattr(boardpath, leaked), leaked
