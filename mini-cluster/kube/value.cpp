// Value: the decoded form of a manifest (JSON-like tree with source lines).
#include "value.h"

namespace schedlab::kube {

Value Value::null(int line)
{
    Value v;
    v.line_ = line;
    return v;
}

Value Value::boolean(bool b, int line)
{
    Value v;
    v.type_ = Type::Bool;
    v.bool_ = b;
    v.line_ = line;
    return v;
}

Value Value::integer(qint64 i, int line)
{
    Value v;
    v.type_ = Type::Int;
    v.int_ = i;
    v.line_ = line;
    return v;
}

Value Value::floating(double d, int line)
{
    Value v;
    v.type_ = Type::Float;
    v.double_ = d;
    v.line_ = line;
    return v;
}

Value Value::string(const QString &s, int line)
{
    Value v;
    v.type_ = Type::String;
    v.string_ = s;
    v.line_ = line;
    return v;
}

Value Value::list(int line)
{
    Value v;
    v.type_ = Type::List;
    v.line_ = line;
    return v;
}

Value Value::map(int line)
{
    Value v;
    v.type_ = Type::Map;
    v.line_ = line;
    return v;
}

namespace {

// One lookup for the four find() overloads: maps are small, a linear scan is the fastest.
template <typename Entries, typename Key>
auto findEntry(Entries &entries, const Key &key) -> decltype(&entries.first().second)
{
    for (auto &entry : entries)
        if (entry.first == key)
            return &entry.second;
    return nullptr;
}

} // namespace

const Value *Value::find(const QString &key) const
{
    return type_ == Type::Map ? findEntry(entries_, key) : nullptr;
}

Value *Value::find(const QString &key)
{
    return type_ == Type::Map ? findEntry(entries_, key) : nullptr;
}

const Value *Value::find(QLatin1String key) const
{
    return type_ == Type::Map ? findEntry(entries_, key) : nullptr;
}

Value *Value::find(QLatin1String key)
{
    return type_ == Type::Map ? findEntry(entries_, key) : nullptr;
}

const Value &Value::operator[](const QString &key) const
{
    // A reference must outlive the call even when the key is absent.
    static const Value absent;
    const Value *v = find(key);
    return v ? *v : absent;
}

void Value::set(const QString &key, const Value &v)
{
    // Writing a field into a null (or scalar) value makes it an object, as a JSON patch
    // would; the old content has no meaning once it holds fields.
    if (type_ != Type::Map) {
        *this = map(line_);
    }
    if (Value *existing = find(key)) {
        *existing = v;
        return;
    }
    entries_.append({key, v});
}

bool Value::remove(const QString &key)
{
    if (type_ != Type::Map)
        return false;
    for (qsizetype i = 0; i < entries_.size(); ++i) {
        if (entries_[i].first == key) {
            entries_.removeAt(i);
            return true;
        }
    }
    return false;
}

Value &Value::child(const QString &key)
{
    if (type_ != Type::Map)
        *this = map(line_);
    if (Value *existing = find(key)) {
        if (!existing->isMap())
            *existing = map(existing->line());
        return *existing;
    }
    entries_.append({key, map(0)});
    return entries_.last().second;
}

bool Value::operator==(const Value &other) const
{
    if (type_ != other.type_)
        return false;
    switch (type_) {
    case Type::Null:
        return true;
    case Type::Bool:
        return bool_ == other.bool_;
    case Type::Int:
        return int_ == other.int_;
    case Type::Float:
        return double_ == other.double_;
    case Type::String:
        return string_ == other.string_;
    case Type::List:
        return items_ == other.items_;
    case Type::Map: {
        if (entries_.size() != other.entries_.size())
            return false;
        // JSON objects are unordered: the same fields in another order are the same
        // object (kubectl apply must not see a change when a student reorders keys).
        for (qsizetype i = 0; i < entries_.size(); ++i) {
            const auto &entry = entries_[i];
            const Value *theirs = nullptr;
            if (other.entries_[i].first == entry.first)
                theirs = &other.entries_[i].second;
            else
                theirs = other.find(entry.first);
            if (!theirs || *theirs != entry.second)
                return false;
        }
        return true;
    }
    }
    return false;
}

} // namespace schedlab::kube
