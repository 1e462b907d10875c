/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

#include <chrono>
#include <functional>
#include <optional>

namespace Skein {

// What a tool call produced. `content` is the text shown to the model and the user.
struct ToolResult
{
    QString content;
    bool isError = false;
    std::optional<QJsonObject> structured; // machine-readable result, when the tool has one
    bool timedOut = false;
    bool cancelled = false;

    static ToolResult text(const QString &content) { return {content, false, std::nullopt, false, false}; }
    static ToolResult error(const QString &message) { return {message, true, std::nullopt, false, false}; }
};

// Whether running a tool can change anything outside the app (SPEC §5.2: those need approval).
enum class ToolPolicy {
    ReadOnly,
    SideEffects,
};

// Per-call information given by the agent loop.
struct ToolContext
{
    std::chrono::milliseconds timeout {30000};
    QString sessionId;
};

// One running call. Emits finished() exactly once, always asynchronously (after the caller had the
// chance to connect). cancel() and the timeout finish it with an error result and tell the tool.
class ToolInvocation final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ToolInvocation)

public:
    explicit ToolInvocation(QObject *parent = nullptr);

    bool isFinished() const { return m_finished; }
    // Run when the call is cancelled or times out, before finished() (e.g. to tell an MCP server).
    void setCancelHandler(std::function<void()> handler) { m_cancelHandler = std::move(handler); }
    void startTimeout(std::chrono::milliseconds timeout);

    // Completes the call; later calls are ignored. Queued so finished() never fires inside call().
    void finish(const ToolResult &result);
    void cancel();
    // Reported by long-running tools (MCP notifications/progress); total is 0 when unknown.
    void reportProgress(double progress, double total, const QString &message);

Q_SIGNALS:
    void progress(double progress, double total, const QString &message);
    void finished(const Skein::ToolResult &result);

private:
    void abort(ToolResult result);

    QTimer m_timer;
    std::function<void()> m_cancelHandler;
    bool m_finished = false;
};

// A tool the model can call. Implementations are cheap to query and thread-affine to the caller.
class Tool
{
public:
    virtual ~Tool() = default;

    virtual QString name() const = 0;
    virtual QString description() const = 0;
    // JSON schema of the arguments object.
    virtual QJsonObject parameters() const = 0;
    virtual ToolPolicy policy() const = 0;

    // Starts a call and returns it (parented to `parent`); the context's timeout is applied here.
    ToolInvocation *call(const QJsonObject &arguments, const ToolContext &context, QObject *parent = nullptr);

    // What else an approval is bound to: for an MCP tool its server's claims (annotations) and
    // the server's command line or URL. Empty for built-in tools.
    virtual QJsonObject definitionExtras() const { return {}; }

    // SHA-256 (hex) over name, description, the canonical schema and the extras: approvals are
    // bound to it so a changed definition, annotation or server command revokes them.
    QByteArray definitionHash() const;
    // Canonical JSON text: object keys sorted, no whitespace.
    static QByteArray canonicalJson(const QJsonValue &value);

protected:
    // Does the work; must eventually call finish() on `call` unless it was cancelled.
    virtual void start(const QJsonObject &arguments, const ToolContext &context, ToolInvocation *call) = 0;
};

} // namespace Skein

Q_DECLARE_METATYPE(Skein::ToolResult)
