//! JSON values (what the command line prints) as Python objects: objects become dicts in the
//! documents' field order, arrays lists, whole numbers ints.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde::Serialize;
use serde_json::Value;

/// `v` as a Python object.
pub fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any()
            }
        }
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, item) in map {
                dict.set_item(k, to_py(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

/// Any serializable value, as its JSON would read in Python.
pub fn serialized<'py, T: Serialize + ?Sized>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    let v = serde_json::to_value(value).map_err(|e| {
        crate::errors::InternalError::new_err(format!(
            "internal error (please report): a result does not serialize: {e}"
        ))
    })?;
    to_py(py, &v)
}

/// A JSON object kept on the Rust side, converted field by field as Python asks: reading
/// `solve(...).total` does not build the dicts of every piece's stops.
#[pyclass(frozen, module = "boardpath._native")]
pub struct JsonObject {
    /// The object (a `serde_json::Value::Object`).
    pub value: Value,
}

#[pymethods]
impl JsonObject {
    /// One field, as Python objects; `KeyError` when the object has no such field.
    fn __getitem__<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        match self.value.get(key) {
            Some(v) => to_py(py, v),
            None => Err(pyo3::exceptions::PyKeyError::new_err(key.to_string())),
        }
    }

    fn __contains__(&self, key: &str) -> bool {
        self.value.get(key).is_some()
    }

    fn __len__(&self) -> usize {
        self.value.as_object().map_or(0, |m| m.len())
    }

    /// The field names, in the document's order.
    fn keys(&self) -> Vec<String> {
        self.value
            .as_object()
            .map_or_else(Vec::new, |m| m.keys().cloned().collect())
    }

    /// The whole object as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.value)
    }
}
