// Go's fmt verbs as kubectl's printers apply them to a decoded object (map[string]interface{}):
// %v (custom-columns cells, jsonpath text), %#v (jsonpath's debugging dump) and %q.
#pragma once

#include "value.h"

#include <QString>

namespace schedlab::kube {

// fmt.Sprint: "<nil>", "true", "42", "1.5", "1e+06", "map[a:1 b:[x y]]", strings as they are.
QString goSprint(const Value &value);
// fmt.Sprintf("%#v"): map[string]interface {}{"a":1, "b":[]interface {}{"x"}},
// interface {}(nil) for null.
QString goSharpV(const Value &value);
// strconv.Quote, as %q prints a string: "{.items[*]}" -> "\"{.items[*]}\"".
QString goQuote(const QString &text);

} // namespace schedlab::kube
