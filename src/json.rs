//! The envelope of every JSON report gamecheck writes: `"format_version"` first, then the
//! report's own fields (documented in docs/json.md).

use serde::Serialize;
use serde_json::{Map, Value};
use thiserror::Error;

/// The version of the JSON reports' schema. It is raised when a field is removed, renamed
/// or changes meaning; adding a field keeps it.
pub const FORMAT_VERSION: u32 = 1;

/// Why a report could not be written as JSON.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum JsonError {
    #[error("cannot serialize the report: {0}")]
    Serialize(#[from] serde_json::Error),
    #[error("a report must serialize to a JSON object, not {0}")]
    NotAnObject(&'static str),
}

/// Returns `report` as a JSON object whose first key is `"format_version"`
/// ([`FORMAT_VERSION`]), followed by the report's own keys in their order.
///
/// # Constraints
/// `report` serializes to a JSON object ([`JsonError::NotAnObject`]) without a serde
/// error ([`JsonError::Serialize`]).
///
/// # Example
/// ```
/// use gamecheck::json::{versioned, FORMAT_VERSION};
/// let v = versioned(&serde_json::json!({ "seed": 7 }))?;
/// assert_eq!(v.as_object().unwrap().keys().collect::<Vec<_>>(), ["format_version", "seed"]);
/// assert_eq!(v["format_version"], FORMAT_VERSION);
/// assert!(versioned(&[1, 2]).is_err());
/// # Ok::<(), gamecheck::json::JsonError>(())
/// ```
pub fn versioned<T: Serialize + ?Sized>(report: &T) -> Result<Value, JsonError> {
    match serde_json::to_value(report)? {
        Value::Object(fields) => Ok(Value::Object(envelope(fields))),
        Value::Array(_) => Err(JsonError::NotAnObject("an array")),
        Value::Null => Err(JsonError::NotAnObject("null")),
        _ => Err(JsonError::NotAnObject("a scalar")),
    }
}

/// Returns `fields` after `"format_version"`; a `format_version` already among them is
/// replaced, so wrapping twice changes nothing.
pub(crate) fn envelope(fields: Map<String, Value>) -> Map<String, Value> {
    let mut out = Map::with_capacity(fields.len() + 1);
    out.insert("format_version".to_owned(), Value::from(FORMAT_VERSION));
    out.extend(fields.into_iter().filter(|(key, _)| key != "format_version"));
    out
}
