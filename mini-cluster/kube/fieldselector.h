// --field-selector as the API server reads it: apimachinery's fields grammar, the labels each
// kind accepts (its field label conversion) and the values it offers (its ToSelectableFields).
#pragma once

#include "kinds.h"
#include "value.h"

#include <QList>
#include <QString>

namespace schedlab::kube {

class FieldSelector
{
public:
    // Reads `text` for a list of `kind`; empty text selects everything. False with the API
    // server's message: "invalid selector: 'x'; can't understand 'x'", "field label not
    // supported: foo", "field label \"foo\" not supported for Job", ...
    bool parse(const QString &text, const KindInfo &kind, QString *error);
    bool matches(const Value &object) const;
    bool isEmpty() const { return terms_.isEmpty(); }

private:
    struct Term
    {
        QString field;
        QString value;
        bool equals = true;
    };
    QList<Term> terms_;
    const KindInfo *kind_ = nullptr;
};

// The value `object` offers for a selectable field, as the kind's ToSelectableFields computes
// it ("" for a field it accepts but never sets, as status.podIPs).
QString selectableFieldValue(const KindInfo &kind, const Value &object, const QString &field);

} // namespace schedlab::kube
