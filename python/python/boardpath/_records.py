"""Read-only records over the dicts of boardpath's JSON documents, and tables of them."""

from __future__ import annotations

import copy
from typing import Any, Callable, ClassVar, Dict, Iterator, List, Mapping, Sequence, overload


class Record:
    """One JSON object of a boardpath document as an object: every field is an attribute.

    The attribute names are exactly the JSON field names (``docs/json.md``); nested objects come
    back as records too. ``to_dict()`` returns the JSON object itself, as ``--format json`` prints
    it.
    """

    __slots__ = ("_data",)
    #: Fields holding nested objects (or lists of them), with the record class that wraps them.
    _nested: ClassVar[Mapping[str, Callable[[Any], Any]]] = {}
    #: Fields the JSON document leaves out where they do not apply: None when absent.
    _optional: ClassVar[Sequence[str]] = ()

    def __init__(self, data: Any) -> None:
        # A dict, or a mapping kept in Rust (``_native.Solution``) that converts a field when it
        # is read: ``solve(...).total`` does not build every stop of every piece.
        object.__setattr__(self, "_data", data)

    def _plain(self) -> Dict[str, Any]:
        """The JSON object as a dict (converted once from a lazy mapping)."""
        data = object.__getattribute__(self, "_data")
        if not isinstance(data, dict):
            data = data.to_dict()
            object.__setattr__(self, "_data", data)
        return data

    def __getattr__(self, name: str) -> Any:
        data = object.__getattribute__(self, "_data")
        try:
            value = data[name]
        except KeyError:
            if name in type(self)._optional:
                return None
            raise AttributeError(
                f"{type(self).__name__} has no field {name!r}; fields: {', '.join(data.keys())}"
            ) from None
        wrap = type(self)._nested.get(name)
        if wrap is not None and value is not None:
            value = [wrap(v) for v in value] if isinstance(value, list) else wrap(value)
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __dir__(self) -> List[str]:
        return sorted(set(object.__dir__(self)) | set(self._data.keys()))

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._plain() == self._plain()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self._plain().items() if _brief(v))
        return f"{type(self).__name__}({shown})"

    def fields(self) -> List[str]:
        """The field names, in the JSON document's order."""
        return list(self._data.keys())

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object (a deep copy), field for field as ``--format json`` prints it."""
        return copy.deepcopy(self._plain())

    def __reduce__(self) -> Any:
        # Pickles as its JSON object (a record over a mapping kept in Rust, a Solution, travels
        # as the plain dict), so multiprocessing, Ray and Dask can carry it. A record that holds
        # more than its JSON object (its own constructor) says so.
        if type(self).__init__ is not Record.__init__:
            raise TypeError(f"cannot pickle a {type(self).__name__}: pickle its to_dict()")
        return (_rebuild, (type(self), self._plain()))


def _rebuild(cls: Any, data: Dict[str, Any]) -> Any:
    """A record of class `cls` over the JSON object `data` (unpickling)."""
    record = object.__new__(cls)
    object.__setattr__(record, "_data", data)
    return record


def _brief(value: Any) -> bool:
    """Whether a record's repr shows the field: a plain value, or a short list of plain values
    (a tile's ``cell``, a die's faces); nested records and long lists are left to their own."""
    if isinstance(value, dict):
        return False
    if isinstance(value, list):
        return len(value) <= 8 and not any(isinstance(v, (list, dict)) for v in value)
    return True


class Table(Sequence[Any]):
    """Rows of one kind, with ``to_pandas()``: a list you can index, slice and iterate."""

    __slots__ = ("_rows", "_row")
    _row: Callable[[Dict[str, Any]], Any]

    def __init__(self, rows: List[Dict[str, Any]], row: Callable[[Dict[str, Any]], Any]) -> None:
        self._rows = rows
        self._row = row

    def __len__(self) -> int:
        return len(self._rows)

    @overload
    def __getitem__(self, i: int) -> Any: ...
    @overload
    def __getitem__(self, i: slice) -> List[Any]: ...
    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self._row(r) for r in self._rows[i]]
        return self._row(self._rows[i])

    def __iter__(self) -> Iterator[Any]:
        return (self._row(r) for r in self._rows)

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {len(self)} rows>"

    def to_dicts(self) -> List[Dict[str, Any]]:
        """Every row as its JSON object (deep copies)."""
        return copy.deepcopy(self._rows)

    def flat(self) -> List[Dict[str, Any]]:
        """Every row as one flat dict of plain values (what ``to_pandas`` puts in columns)."""
        return [flatten(r) for r in self._rows]

    def to_pandas(self) -> Any:
        """The rows as a pandas DataFrame, one column per field (nested fields flattened with
        ``_``: ``rules_metric``, ``time_median_ns``; lists joined as text). Needs pandas
        (``pip install pandas``); boardpath itself does not.
        """
        try:
            import pandas
        except ImportError as e:  # pragma: no cover - depends on the environment
            raise ImportError(
                "to_pandas() needs pandas, which boardpath does not install: pip install pandas"
            ) from e
        return pandas.DataFrame(self.flat())


def flatten(row: Mapping[str, Any], prefix: str = "") -> Dict[str, Any]:
    """``row`` with nested objects flattened into ``parent_child`` keys. The rules' die becomes
    its faces separated by spaces (as in the CSV output); other lists stay lists."""
    out: Dict[str, Any] = {}
    for key, value in row.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(flatten(value, f"{name}_"))
        elif key == "die" and isinstance(value, list):
            out[name] = " ".join(str(v) for v in value)
        else:
            out[name] = value
    return out
