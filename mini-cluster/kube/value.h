// A YAML or JSON document as kubectl holds it once decoded: null, booleans, numbers,
// strings, lists and maps (keys in document order), each node with its source line.
#pragma once

#include <QList>
#include <QPair>
#include <QString>

namespace schedlab::kube {

class Value
{
public:
    enum class Type { Null, Bool, Int, Float, String, List, Map };

    Value() = default;
    static Value null(int line = 0);
    static Value boolean(bool b, int line = 0);
    static Value integer(qint64 i, int line = 0);
    static Value floating(double d, int line = 0);
    static Value string(const QString &s, int line = 0);
    static Value list(int line = 0);
    static Value map(int line = 0);

    Type type() const { return type_; }
    bool isNull() const { return type_ == Type::Null; }
    bool isBool() const { return type_ == Type::Bool; }
    bool isInt() const { return type_ == Type::Int; }
    bool isFloat() const { return type_ == Type::Float; }
    bool isNumber() const { return type_ == Type::Int || type_ == Type::Float; }
    bool isString() const { return type_ == Type::String; }
    bool isList() const { return type_ == Type::List; }
    bool isMap() const { return type_ == Type::Map; }
    int line() const { return line_; }
    void setLine(int line) { line_ = line; }

    bool toBool() const { return bool_; }
    qint64 toInt() const { return type_ == Type::Float ? qint64(double_) : int_; }
    double toDouble() const { return type_ == Type::Int ? double(int_) : double_; }
    const QString &toString() const { return string_; }

    // Lists
    const QList<Value> &items() const { return items_; }
    QList<Value> &items() { return items_; }
    void append(const Value &v) { items_.append(v); }

    // Maps: keys keep their order; set() replaces in place or appends.
    const QList<QPair<QString, Value>> &entries() const { return entries_; }
    QList<QPair<QString, Value>> &entries() { return entries_; }
    const Value *find(const QString &key) const;
    Value *find(const QString &key);
    // Without building a QString: paths like at(pod, {"status", "phase"}) are looked up
    // for every object of a table.
    const Value *find(QLatin1String key) const;
    Value *find(QLatin1String key);
    // The value at `key`, or a null Value when absent (or when this is not a map).
    const Value &operator[](const QString &key) const;
    bool contains(const QString &key) const { return find(key) != nullptr; }
    void set(const QString &key, const Value &v);
    bool remove(const QString &key);
    // The map at `key`, created (empty) when absent or not a map.
    Value &child(const QString &key);

    // Deep equality of content (lines are ignored).
    bool operator==(const Value &other) const;
    bool operator!=(const Value &other) const { return !(*this == other); }

    qsizetype size() const { return type_ == Type::List ? items_.size() : entries_.size(); }

private:
    Type type_ = Type::Null;
    int line_ = 0;
    bool bool_ = false;
    qint64 int_ = 0;
    double double_ = 0;
    QString string_;
    QList<Value> items_;
    QList<QPair<QString, Value>> entries_;
};

} // namespace schedlab::kube
