/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace Skein::Exchange {

// Translation context for every user-visible message of export and import.
class Text
{
    Q_DECLARE_TR_FUNCTIONS(Skein::Exchange::Text)
};

// Reads typed fields out of untrusted JSON, remembering the first problem as "path: reason" so an
// import can say exactly what is wrong (e.g. `$.messages[3].role: unknown role "bot"`).
class JsonReader
{
public:
    explicit JsonReader(QString path, QString *error)
        : m_path(std::move(path))
        , m_error(error)
    { }

    const QString &path() const { return m_path; }
    QString *errorSink() const { return m_error; } // for a reader of a part (JsonReader(at(...), errorSink()))
    bool failed() const { return m_error && !m_error->isEmpty(); }
    // Records the first error only; later ones are usually consequences.
    void fail(const QString &field, const QString &reason) const;
    QString at(const QString &field) const;
    QString at(int index) const;

    // Required / optional fields. Optional ones accept a missing key or null.
    QString string(const QJsonObject &o, const QString &key, int maxLength = 256) const;
    QString optionalString(const QJsonObject &o, const QString &key, int maxLength = 256) const;
    QString text(const QJsonObject &o, const QString &key) const; // long text, may be empty
    qint64 integer(const QJsonObject &o, const QString &key, qint64 min = 0) const;
    std::optional<qint64> optionalInteger(const QJsonObject &o, const QString &key, qint64 min = 0) const;
    double number(const QJsonObject &o, const QString &key) const;
    bool boolean(const QJsonObject &o, const QString &key) const;
    QJsonObject object(const QJsonObject &o, const QString &key) const;
    QJsonArray array(const QJsonObject &o, const QString &key) const;
    QJsonArray optionalArray(const QJsonObject &o, const QString &key) const;
    // An array of at most maxCount strings of at most maxLength characters (missing or null: none).
    QStringList optionalStrings(const QJsonObject &o, const QString &key, int maxLength, int maxCount) const;
    // An identifier: non-empty, ≤ 128 characters, no control characters.
    QString id(const QJsonObject &o, const QString &key) const;
    QString optionalId(const QJsonObject &o, const QString &key) const;

    static constexpr qsizetype kMaxTextLength = qsizetype(64) * 1024 * 1024; // characters per text field

private:
    bool checkId(const QString &field, const QString &value) const;

    QString m_path;
    QString *m_error;
};

} // namespace Skein::Exchange
