/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "foreignconversation.h"

#include <QJsonObject>
#include <optional>
#include <utility>

namespace Skein::Exchange {

// The formats `import --from` names (docs/import.md).
enum class ImportFormat { Auto, Skein, ChatGpt, Claude, OpenWebUi, LibreChat };

QString formatName(ImportFormat format); // "auto", "skein", "chatgpt", "claude", "openwebui", "librechat"
std::optional<ImportFormat> formatFromName(const QString &name);
// The format one conversation object (an element of the file's array, or the file's object) is
// in; Auto when it is none of them.
ImportFormat sniffConversation(const QJsonObject &o);

// Readers of one conversation each: false with "path: reason" when it cannot be imported.
bool readChatGpt(const QJsonObject &o, const QString &path, ForeignConversation *out, QString *error);
bool readClaude(const QJsonObject &o, const QString &path, ForeignConversation *out, QString *error);
bool readOpenWebUi(const QJsonObject &o, const QString &path, ForeignConversation *out, QString *error);
bool readLibreChat(const QJsonObject &o, const QString &path, ForeignConversation *out, QString *error);

// One of Claude's projects (a file of projects/, or an element of projects.json): its uuid and
// name, empty when it has none.
std::pair<QString, QString> readClaudeProject(const QJsonObject &o);
// Open WebUI's tags of a chat (meta.tags, or the older chat.tags): names, or tag objects.
QStringList readOpenWebUiTags(const QJsonValue &tags);

// Claude's memories.json: its memory texts, one per remembered item.
QStringList readClaudeMemories(const QJsonValue &root, QString *error);

// Helpers the readers share.
namespace Foreign {
// Epoch seconds (ChatGPT's floats, Open WebUI's integers; also ms and ns) or an ISO 8601 string
// (Claude, LibreChat) in ms; 0 when missing or unreadable.
qint64 timeMs(const QJsonValue &v);
// A string field, cut to a sane length for one-line fields.
QString field(const QJsonObject &o, const QString &key, int maxLength = 512);
// An untrusted text as readable text: a NUL and other control characters but tab and newline go.
QString cleanText(QString text);
// A file the source names: an attachment record with what is known of it. type is a MIME type
// or what the source has instead ("pdf", "txt", "image"); the name's extension fills in the rest.
// Its content, when the export has it, comes later (the importer, from the export's files).
Attachment attachment(const QString &name, const QString &type, qint64 bytes);
// Text in a fence longer than any fence inside it.
QString fenced(const QString &text, const QString &language = {});

// One turn of a client that keeps a model's tool calls and their results inside one message
// (Claude, Open WebUI): Skein keeps them as its own messages, an answer with calls, a result per
// call, the answer's continuation. The last piece keeps the message's id, so the messages after
// it still find their parent.
class TurnPieces
{
public:
    explicit TurnPieces(ForeignNode base)
        : m_base(std::move(base))
    { }
    void text(const QString &text);
    void reasoning(const QString &text);
    // An empty id: the call gets one of its own; an empty result id: the turn's last call.
    void call(QString id, const QString &name, const QString &arguments);
    void result(const QString &callId, const QString &name, const QString &content, bool isError);
    // A file of the turn, on the piece being written (the turn's text).
    void attach(Attachment attachment, const QString &asset = {});
    bool isEmpty() const { return m_pieces.isEmpty() && !m_open; }
    void appendTo(QList<ForeignNode> &nodes) &&;

private:
    Message &open();

    ForeignNode m_base;
    QList<ForeignNode> m_pieces;
    bool m_open = false;
    ForeignNode m_current;
    QString m_lastCall;
    int m_calls = 0;
};
} // namespace Foreign

} // namespace Skein::Exchange
