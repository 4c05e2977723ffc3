// Internals shared by manifest.cpp, apischema.cpp and validation.cpp: the schema of known
// fields, the apimachinery name and label checks, and Go's printing of rejected values.
#pragma once

#include "kinds.h"
#include "manifest.h"
#include "value.h"

#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

namespace schedlab::kube::detail {

// ---- Schema of the API types -------------------------------------------------------------

struct SchemaNode;

struct SchemaField
{
    QString name;
    const SchemaNode *node = nullptr;
    bool required = false; // only enforced for custom resources (OpenAPI `required`)
};

struct SchemaNode
{
    enum class Kind {
        Struct,
        String,
        Int32,
        Int64,
        Bool,
        Float,
        List,
        Map,
        Quantity,
        IntOrString,
        Time,
        Any
    };
    Kind kind = Kind::Any;
    // The Go type as reflect prints it once pointers are followed: "v1.PodSpec", "int32",
    // "[]string", "map[string]string", "v1.RestartPolicy".
    QString goType;
    QString structName;        // Struct: the name Go's errors give ("PodSpec")
    QList<SchemaField> fields; // Struct
    bool open = false;         // Struct whose fields are not modelled: any content is accepted
    const SchemaNode *elem = nullptr; // List, Map
    QStringList enumValues;           // custom resources: OpenAPI `enum`
    QString pattern;                  // custom resources: OpenAPI `pattern`
    int maxLength = -1;               // custom resources: OpenAPI `maxLength`

    const SchemaField *field(const QString &name) const;
};

// The schema of a whole object of `kind` (apiVersion, kind, metadata, spec, status...).
const SchemaNode *schemaFor(const KindInfo &kind);
// Kueue's kinds are CustomResourceDefinitions: decoded without Go types and validated
// against their OpenAPI schema, which words type errors differently.
bool isCustomResource(const KindInfo &kind);
// Type, required, enum and pattern errors of a custom resource's spec, as the
// apiextensions server reports them ("spec.cohort: Invalid value: \"integer\": ...").
void validateCustomResourceSchema(const KindInfo &kind, const Value &object,
                                  QList<FieldError> &errors);

// ---- apimachinery's validation helpers ----------------------------------------------------

// `pattern` compiled once per thread (validation runs on every apply).
const QRegularExpression &cachedRegex(const QString &pattern);

QStringList isDns1123Label(const QString &value);
QStringList isDns1123Subdomain(const QString &value);
QStringList isQualifiedName(const QString &value);
QStringList isValidLabelValue(const QString &value);

// ---- Values printed as Go prints them -----------------------------------------------------

// strconv.Quote: "\"sommeil\"".
QString goQuote(const QString &s);
// A JSON number as encoding/json writes a float64: 1.5, 100, 1e+21.
QString goJsonNumber(const Value &number);
// %#v of a map[string]string: map[string]string{"app":"x"}; map[string]string(nil) when absent.
QString goStringMap(const Value &map);
// %#v of a metav1.LabelSelector; "null" when absent.
QString goLabelSelector(const Value &selector);
// A scalar as the Invalid value of a field error: strings quoted, numbers and booleans bare.
QString goScalar(const Value &value);

// ---- Small accessors ----------------------------------------------------------------------

// `key` of `parent` as a map, created when absent or null; nullptr when it holds something
// else (a wrongly typed field is left for the validation to report).
Value *mapChild(Value &parent, const QString &key);
// Sets `key` unless it already holds a non-null value.
void setDefault(Value &map, const QString &key, const Value &value);
bool isEmptyValue(const Value &value);
// Equality as apimachinery's Semantic.DeepEqual sees decoded Go structs: absent, null,
// empty strings, empty lists and maps, false and 0 are all the zero value.
bool semanticEqual(const Value &a, const Value &b);

} // namespace schedlab::kube::detail
