// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "terminalturn.h"

#include "app/conversations.h"
#include "core/domain/usage.h"
#include "engine/turn/turn.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSocketNotifier>

#include <csignal>
#include <fcntl.h>
#include <memory>
#include <unistd.h>
#include <utility>

namespace Skein {

namespace {

int g_signalPipe[2] = {-1, -1};

void onSigint(int)
{
    const char byte = 1;
    [[maybe_unused]] const ssize_t n = ::write(g_signalPipe[1], &byte, 1);
}

// Ctrl+C as an event: the handler only writes a byte to a pipe the event loop watches.
class InterruptWatcher final
{
    Q_DISABLE_COPY_MOVE(InterruptWatcher)

public:
    explicit InterruptWatcher(std::function<void()> onInterrupt)
    {
        if (::pipe2(g_signalPipe, O_CLOEXEC | O_NONBLOCK) != 0)
            return;
        m_notifier = std::make_unique<QSocketNotifier>(g_signalPipe[0], QSocketNotifier::Read);
        QObject::connect(m_notifier.get(), &QSocketNotifier::activated, m_notifier.get(), [onInterrupt] {
            char buffer[16];
            while (::read(g_signalPipe[0], buffer, sizeof buffer) > 0) { }
            onInterrupt();
        });
        struct sigaction action = {};
        action.sa_handler = onSigint;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        ::sigaction(SIGINT, &action, &m_previous);
        m_installed = true;
    }
    ~InterruptWatcher()
    {
        if (m_installed)
            ::sigaction(SIGINT, &m_previous, nullptr);
        m_notifier.reset();
        for (int &fd : g_signalPipe)
            if (fd >= 0) {
                ::close(fd);
                fd = -1;
            }
    }

private:
    std::unique_ptr<QSocketNotifier> m_notifier;
    struct sigaction m_previous = {};
    bool m_installed = false;
};

// One answer line from a terminal without blocking the event loop (MCP servers keep running).
class LineReader final
{
    Q_DISABLE_COPY_MOVE(LineReader)

public:
    explicit LineReader(std::function<void(const QString &line, bool eof)> onLine)
        : m_notifier(STDIN_FILENO, QSocketNotifier::Read)
        , m_onLine(std::move(onLine))
    {
        m_notifier.setEnabled(false);
        QObject::connect(&m_notifier, &QSocketNotifier::activated, &m_notifier, [this] { readSome(); });
    }
    void ask() { m_notifier.setEnabled(true); }

private:
    void readSome()
    {
        char buffer[256];
        const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
        if (n <= 0) {
            m_notifier.setEnabled(false);
            m_onLine({}, true);
            return;
        }
        m_buffer.append(buffer, n);
        const qsizetype nl = m_buffer.indexOf('\n');
        if (nl < 0)
            return;
        const QString line = QString::fromUtf8(m_buffer.left(nl)).trimmed();
        m_buffer.remove(0, nl + 1);
        m_notifier.setEnabled(false);
        m_onLine(line, false);
    }

    QSocketNotifier m_notifier;
    std::function<void(const QString &, bool)> m_onLine;
    QByteArray m_buffer;
};

QString prettyArguments(const QString &json)
{
    const QJsonDocument doc = QJsonDocument::fromJson(json.toUtf8());
    return doc.isObject() ? QString::fromUtf8(doc.toJson(QJsonDocument::Indented)).trimmed() : json;
}

QJsonValue usageJson(const TokenUsage &u)
{
    QJsonObject o;
    auto put = [&](const char *name, qint64 v) {
        if (v >= 0)
            o.insert(QLatin1String(name), v);
    };
    put("prompt_tokens", u.promptTokens);
    put("completion_tokens", u.completionTokens);
    put("cached_tokens", u.cachedTokens);
    put("reasoning_tokens", u.reasoningTokens);
    return o;
}

} // namespace

TerminalTurn::TerminalTurn(Conversations &conversations, QTextStream &text, QTextStream &err)
    : m_conversations(conversations)
    , m_text(text)
    , m_err(err)
{ }

TerminalTurn::~TerminalTurn() = default;

TerminalTurn::Outcome TerminalTurn::run(const TurnRequest &request)
{
    const QString sessionId = request.sessionId;
    const TurnOptions &options = request.options;
    Outcome outcome;
    bool done = false;
    QObject context;
    QPointer<Turn> current;

    QObject::connect(&m_conversations, &Conversations::notice, &context,
                     [this](const QString &text) { m_err << text << Qt::endl; });
    QObject::connect(&m_conversations, &Conversations::refused, &context,
                     [&outcome, sessionId](const TurnRequest &refused, const QString &reason) {
                         if (refused.sessionId != sessionId)
                             return;
                         outcome.refused = true;
                         outcome.error = reason;
                     });
    QObject::connect(
        &m_conversations, &Conversations::turnStarted, &context, [&, sessionId](const QString &id, Turn *turn) {
            if (id != sessionId)
                return;
            current = turn;
            QObject::connect(turn, &Turn::userMessageCommitted, &context, [this](const QString &messageId) {
                // A marker for scripts (and the kill test): from here on the message is on disk.
                m_err << tr("user message %1 saved").arg(messageId) << Qt::endl;
            });
            QObject::connect(turn, &Turn::deltasReceived, &context, [this](const QList<StreamDelta> &deltas) {
                for (const StreamDelta &d : deltas)
                    if (d.kind == StreamDelta::Kind::Text || d.kind == StreamDelta::Kind::Refusal)
                        m_text << d.text;
                m_text.flush();
            });
            QObject::connect(turn, &Turn::toolCallStarted, &context, [this](const ToolCallInfo &call) {
                m_err << tr("[tool] %1 %2 running").arg(call.toolName, call.argumentsJson) << Qt::endl;
            });
            QObject::connect(
                turn, &Turn::toolCallFinished, &context,
                [this, &options](const QString &callId, ToolStatus status, const QString &result, bool reused) {
                    QString line = tr("[tool] %1: %2").arg(callId, toString(status));
                    if (reused)
                        line += QLatin1Char(' ') + tr("(stored result reused, not run again)");
                    if (status == ToolStatus::Denied && options.denyUnapproved)
                        line += QLatin1Char(' ')
                            + tr("— it needs approval and standard input is not a terminal (or --deny-tools); "
                                 "allow it with --allow-tool NAME");
                    if (status == ToolStatus::Failed && !result.isEmpty())
                        line += QStringLiteral(" — ") + result.section(QLatin1Char('\n'), 0, 0).left(300);
                    m_err << line << Qt::endl;
                });
            QObject::connect(turn, &Turn::outputLimitRaised, &context,
                             [this](const QString &tool, int previousTokens, int nextTokens) {
                                 if (nextTokens > previousTokens)
                                     m_err << tr("[agent] the reply was cut off by its output limit (%1 tokens) "
                                                 "inside a call to %2; asking again with room for %3 tokens")
                                                  .arg(previousTokens)
                                                  .arg(tool)
                                                  .arg(nextTokens)
                                           << Qt::endl;
                                 else
                                     m_err << tr("[agent] the reply was cut off by its output limit (%1 tokens) "
                                                 "inside a call to %2; the model's limit is reached, so the model "
                                                 "is asked to shorten it")
                                                  .arg(previousTokens)
                                                  .arg(tool)
                                           << Qt::endl;
                             });
            // Keep what is printed below: the runner deletes the turn after finished().
            QObject::connect(turn, &Turn::finished, &context, [&outcome, turn](SessionState state) {
                outcome.state = state;
                outcome.userMessageId = turn->userMessageId();
                outcome.assistantId = turn->lastAssistantId();
                outcome.iterations = turn->iteration();
                outcome.error = turn->errorText();
                outcome.last = turn->lastTurn();
            });
        });
    QObject::connect(&m_conversations, &Conversations::turnFinished, &context, [&done, sessionId](const QString &id) {
        if (id != sessionId)
            return;
        done = true;
        QCoreApplication::exit(0);
    });
    QString approvalCall;
    LineReader reader([&](const QString &line, bool eof) {
        const QString id = std::exchange(approvalCall, {});
        const QString answer = line.toLower();
        ApprovalDecision d = ApprovalDecision::Deny;
        if (!eof && (answer == QLatin1String("o") || answer == QLatin1String("once") || answer == QLatin1String("y")))
            d = ApprovalDecision::AllowOnce;
        else if (!eof && (answer == QLatin1String("a") || answer == QLatin1String("always")))
            d = ApprovalDecision::AllowAlways;
        m_conversations.decide(sessionId, id, d);
    });
    QObject::connect(&m_conversations, &Conversations::approvalRequested, &context,
                     [&, sessionId](const QString &id, const ApprovalRequest &approval) {
                         if (id != sessionId)
                             return;
                         if (approval.change)
                             m_err << approval.change->summary() << Qt::endl;
                         m_err << tr("The model wants to run %1 (%2) with these arguments:")
                                      .arg(approval.call.toolName, approval.description)
                               << Qt::endl
                               << prettyArguments(approval.call.argumentsJson) << Qt::endl
                               << tr("Allow it? [o]nce / [a]lways for this tool / [d]eny: ") << Qt::flush;
                         approvalCall = approval.call.callId;
                         reader.ask();
                     });
    InterruptWatcher interrupt([this, sessionId] { m_conversations.stop(sessionId); });
    m_conversations.start(request);
    if (!done)
        QCoreApplication::exec();
    if (!outcome.last.text.isEmpty() && !outcome.last.text.endsWith(QLatin1Char('\n')))
        m_text << Qt::endl;
    return outcome;
}

QByteArray TerminalTurn::resultJson(const QString &sessionId, const Outcome &outcome)
{
    const SessionState state = outcome.state;
    const QJsonObject result {
        {QStringLiteral("session_id"), sessionId},
        {QStringLiteral("user_message_id"), outcome.userMessageId},
        {QStringLiteral("assistant_message_id"), outcome.assistantId},
        {QStringLiteral("state"), toString(state)},
        {QStringLiteral("status"), state == SessionState::Completed ? QStringLiteral("complete") : toString(state)},
        {QStringLiteral("iterations"), outcome.iterations},
        {QStringLiteral("usage"), usageJson(outcome.last.usage)},
        {QStringLiteral("error"), outcome.error.isEmpty() ? QJsonValue() : QJsonValue(outcome.error)},
    };
    return QJsonDocument(result).toJson(QJsonDocument::Compact);
}

} // namespace Skein
