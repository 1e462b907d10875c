// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/tools/tool.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>

namespace Skein {

ToolInvocation::ToolInvocation(QObject *parent)
    : QObject(parent)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        ToolResult r = ToolResult::error(
            QCoreApplication::translate("Skein::ToolInvocation", "The tool did not answer within %1 seconds.")
                .arg(double(m_timer.interval()) / 1000.0));
        r.timedOut = true;
        abort(r);
    });
}

void ToolInvocation::startTimeout(std::chrono::milliseconds timeout)
{
    if (timeout.count() > 0)
        m_timer.start(timeout);
}

void ToolInvocation::finish(const ToolResult &result)
{
    if (m_finished)
        return;
    m_finished = true;
    m_timer.stop();
    QMetaObject::invokeMethod(this, [this, result] { Q_EMIT finished(result); }, Qt::QueuedConnection);
}

void ToolInvocation::cancel()
{
    ToolResult r
        = ToolResult::error(QCoreApplication::translate("Skein::ToolInvocation", "The tool call was cancelled."));
    r.cancelled = true;
    abort(r);
}

void ToolInvocation::abort(ToolResult result)
{
    if (m_finished)
        return;
    if (m_cancelHandler)
        m_cancelHandler();
    finish(result);
}

void ToolInvocation::reportProgress(double value, double total, const QString &message)
{
    if (!m_finished)
        Q_EMIT progress(value, total, message);
}

ToolInvocation *Tool::call(const QJsonObject &arguments, const ToolContext &context, QObject *parent)
{
    auto *c = new ToolInvocation(parent);
    c->startTimeout(context.timeout);
    start(arguments, context, c);
    return c;
}

QByteArray Tool::canonicalJson(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Object: {
        // QJsonObject iterates in key order, so this is sorted without extra work.
        const QJsonObject o = value.toObject();
        QByteArray out = "{";
        bool first = true;
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (!first)
                out += ',';
            first = false;
            out += canonicalJson(QJsonValue(it.key())) + ':' + canonicalJson(it.value());
        }
        return out + '}';
    }
    case QJsonValue::Array: {
        const QJsonArray a = value.toArray();
        QByteArray out = "[";
        for (qsizetype i = 0; i < a.size(); ++i) {
            if (i)
                out += ',';
            out += canonicalJson(a.at(i));
        }
        return out + ']';
    }
    default: {
        // Scalars through a one-element array keep QJsonDocument's escaping and number format.
        const QByteArray wrapped = QJsonDocument(QJsonArray {value}).toJson(QJsonDocument::Compact);
        return wrapped.mid(1, wrapped.size() - 2);
    }
    }
}

QByteArray Tool::definitionHash() const
{
    QCryptographicHash h(QCryptographicHash::Sha256);
    const QByteArray n = name().toUtf8();
    const QByteArray d = description().toUtf8();
    const QByteArray s = canonicalJson(parameters());
    const QJsonObject extras = definitionExtras();
    const QByteArray e = extras.isEmpty() ? QByteArray() : canonicalJson(extras);
    // Length-prefixed so that moving text between fields changes the hash. Without extras the
    // hash is what it always was (approvals of built-in tools survive this version).
    for (const QByteArray *part : {&n, &d, &s, &e}) {
        if (part == &e && e.isEmpty())
            break;
        h.addData(QByteArray(QByteArray::number(part->size()) + ':'));
        h.addData(*part);
    }
    return h.result().toHex();
}

} // namespace Skein
