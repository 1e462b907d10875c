// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "chatgptexport.h"

#include <QByteArray>
#include <QIODevice>
#include <QRandomGenerator>

namespace Skein::Test {

namespace {

const char *const kWords[] = {"the",    "model", "answer", "branch", "window", "token", "summary", "memory",
                              "server", "reply", "tree",   "export", "import", "cache", "context", "stream"};

QByteArray text(QRandomGenerator &rng, int bytes)
{
    QByteArray out;
    out.reserve(bytes + 16);
    while (out.size() < bytes) {
        out += kWords[rng.bounded(int(std::size(kWords)))];
        out += rng.bounded(12) == 0 ? ". " : " ";
        if (rng.bounded(40) == 0)
            out += "\\u00e9t\\u00e9 \\u4e2d\\u6587 "; // non-ASCII as real exports write it: escaped
    }
    return out;
}

QByteArray node(const QByteArray &id, const QByteArray &parent, const QList<QByteArray> &children, const char *role,
                const QByteArray &content, double time, bool hidden = false)
{
    QByteArray c = "[";
    for (qsizetype i = 0; i < children.size(); ++i)
        c += (i ? ",\"" : "\"") + children.at(i) + '"';
    c += ']';
    QByteArray out = "\"" + id + "\":{\"id\":\"" + id + "\",\"parent\":"
        + (parent.isEmpty() ? QByteArray("null") : '"' + parent + '"') + ",\"children\":" + c + ",\"message\":";
    if (!role)
        return out + "null}";
    out += "{\"id\":\"" + id + "\",\"author\":{\"role\":\"" + role
        + "\",\"name\":null,\"metadata\":{}},\"create_time\":" + QByteArray::number(time, 'f', 6)
        + ",\"update_time\":null,\"content\":{\"content_type\":\"text\",\"parts\":[\"" + content
        + "\"]},\"status\":\"finished_successfully\",\"end_turn\":true,\"weight\":1,\"metadata\":{";
    if (hidden)
        out += "\"is_visually_hidden_from_conversation\":true";
    else if (qstrcmp(role, "assistant") == 0)
        out += "\"model_slug\":\"gpt-4o\",\"finish_details\":{\"type\":\"stop\"}";
    return out + "},\"recipient\":\"all\"}}";
}

} // namespace

ChatGptExportCounts writeChatGptExport(QIODevice *out, const ChatGptExportShape &shape, quint32 seed)
{
    QRandomGenerator rng(seed);
    ChatGptExportCounts counts;
    auto write = [&](const QByteArray &bytes) {
        out->write(bytes);
        counts.bytes += bytes.size();
    };
    write("[");
    for (int c = 0; c < shape.conversations; ++c) {
        const QByteArray conv = "conv-" + QByteArray::number(seed) + '-' + QByteArray::number(c);
        double time = 1.7e9 + c * 3600.0 + 0.123456;
        QList<QByteArray> nodes;
        const QByteArray root = conv + "-root", system = conv + "-sys";
        QByteArray parent = system;
        QByteArray current;
        nodes << node(root, {}, {system}, nullptr, {}, 0);
        QByteArray body;
        for (int t = 0; t < shape.turns; ++t) {
            const QByteArray user = conv + "-u" + QByteArray::number(t);
            const QByteArray answer = conv + "-a" + QByteArray::number(t);
            const bool regenerated = t % 5 == 4;
            const QByteArray again = conv + "-b" + QByteArray::number(t);
            const bool last = t == shape.turns - 1;
            QList<QByteArray> answers {answer};
            if (regenerated)
                answers << again;
            // The conversation goes on from the last answer of a regenerated pair.
            const QByteArray next = last ? QByteArray() : conv + "-u" + QByteArray::number(t + 1);
            body += ',' + node(user, parent, answers, "user", text(rng, shape.textBytes / 2), time += 10);
            body += ','
                + node(answer, user, regenerated || last ? QList<QByteArray> {} : QList<QByteArray> {next}, "assistant",
                       text(rng, shape.textBytes), time += 5);
            counts.messages += 2;
            if (regenerated) {
                body += ','
                    + node(again, user, last ? QList<QByteArray> {} : QList<QByteArray> {next}, "assistant",
                           text(rng, shape.textBytes), time += 5);
                ++counts.messages;
                ++counts.branches; // the first answer ends a branch
            }
            parent = regenerated ? again : answer;
            current = parent;
        }
        ++counts.branches;
        nodes << node(system, root, {conv + "-u0"}, "system", {}, 0, true);
        QByteArray conversation = "{\"title\":\"Conversation " + QByteArray::number(c)
            + "\",\"create_time\":" + QByteArray::number(1.7e9 + c * 3600.0, 'f', 6)
            + ",\"update_time\":" + QByteArray::number(time, 'f', 6) + ",\"mapping\":{" + nodes.join(',') + body
            + "},\"current_node\":\"" + current + "\",\"conversation_id\":\"" + conv
            + "\",\"default_model_slug\":\"gpt-4o\",\"is_archived\":false,\"id\":\"" + conv + "\"}";
        write((c ? ",\n" : "\n") + conversation);
    }
    write("\n]\n");
    return counts;
}

} // namespace Skein::Test
