/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

// The chat area's test fixture: a real MainWindow over a temporary data dir, a provider pointing
// at a scripted OpenAI-compatible server on loopback, and helpers to type and click as a user.
#include "app/appcontext.h"
#include "core/language.h"
#include "engine/memory/memoryhousekeeper.h"
#include "gui/chatcontroller.h"
#include "gui/chatview.h"
#include "gui/composer.h"
#include "gui/mainwindow.h"
#include "gui/messagedelegate.h"
#include "models/threadmodel.h"
#include "scriptedmodel.h"
#include "secrets/memorysecretstore.h"
#include "storage/providerrepository.h"
#include "storage/settingsrepository.h"
#include "storage/store.h"

#include <QDir>
#include <QJsonArray>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <memory>

namespace Skein::Test {

using namespace Qt::StringLiterals;

const QString kReplyTail = u"\n\n```cpp\nint main() { return 0; }\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"_s;

// About 60 small chunks, 25 ms apart: a reply that is still running seconds after it started
// (two of them overlap for seconds).
// Screenshots (scripts/chat-screenshots.sh): SKEIN_SHOT_DIR is where a test saves what the user
// sees, as name.png; SKEIN_SHOT_THEME=dark and SKEIN_SHOT_LANG=zh_CN show it in the dark theme
// (chosen in the data dir's ui-state.ini, as Settings saves it) and in Chinese, and the file's
// name says so (name-dark-zh.png). Empty when no shots are asked for.
inline QString shotPath(const QString &name)
{
    const QString dir = qEnvironmentVariable("SKEIN_SHOT_DIR");
    if (dir.isEmpty())
        return {};
    const QString theme = qEnvironmentVariable("SKEIN_SHOT_THEME");
    const QString lang = qEnvironmentVariable("SKEIN_SHOT_LANG");
    return dir + u'/' + name + (theme.isEmpty() ? QString() : u'-' + theme)
        + (lang.isEmpty() ? QString() : u'-' + lang.section(u'_', 0, 0)) + u".png"_s;
}

inline ReplayResponse slowReply(const RecordedRequest &request)
{
    const QString asked = lastUserText(request).section(u"\n\n<runtime>"_s, 0, 0);
    ScriptedReply reply;
    reply.text = u"Reply to %1: "_s.arg(asked) + u"words arriving slowly. "_s.repeated(20);
    reply.chunkChars = 8;
    ReplayResponse r = openAiReply(reply);
    r.chunked({64}, 25);
    return r;
}

// Three steps, chosen by how many tool results this turn already has: the calculator
// (read-only), then memory_save (needs approval), then a final answer quoting every result.
inline ReplayResponse toolScript(const RecordedRequest &request)
{
    QStringList results;
    int turn = 0;
    const QJsonArray messages = requestMessages(request);
    for (const QJsonValue &m : messages) {
        if (m[u"role"_s].toString() == u"user"_s) {
            results.clear(); // this turn's results only
            ++turn;
        } else if (m[u"role"_s].toString() == u"tool"_s) {
            results << contentText(m[u"content"_s]);
        }
    }
    // Call ids are unique per turn, as real providers make them.
    const QString suffix = turn > 1 ? u"_%1"_s.arg(turn) : QString();
    ScriptedReply reply;
    reply.promptTokens = 30;
    reply.completionTokens = 5;
    if (results.isEmpty()) {
        reply.text = u"Let me compute."_s;
        reply.toolCalls = {{u"call_calc"_s + suffix, u"calculator"_s, QJsonObject {{u"expression"_s, u"6*7"_s}}}};
    } else if (results.size() == 1) {
        reply.toolCalls = {{u"call_mem"_s + suffix, u"memory_save"_s,
                            QJsonObject {{u"content"_s, u"The user likes green tea"_s}, {u"type"_s, u"preference"_s}}}};
    } else {
        reply.text = u"Done. Results: "_s + results.join(u" | "_s);
    }
    return openAiReply(reply);
}

// The row whose message declares this tool call (-1 if none is shown).
inline int rowOfCall(const ThreadModel *model, const QString &callId)
{
    for (int row = 0; row < model->rowCount(); ++row)
        for (const QJsonValue &call : model->message(model->idAt(row)).toolCalls)
            if (call[u"id"_s].toString() == callId)
                return row;
    return -1;
}

struct ChatFixture
{
    QTemporaryDir dir;
    ReplayServer server;
    std::unique_ptr<AppContext> context;
    // Runs on each new AppContext before its window opens the data dir (to watch the storage
    // from its first signal).
    std::function<void(AppContext &)> beforeWindow;
    std::unique_ptr<MainWindow> window;
    int replies = 0;
    // Decides each reply when set; otherwise the server answers "Answer <n> to: <last user
    // text>" plus a code block and a table.
    std::function<ReplayResponse(const RecordedRequest &)> script;
    // The context engine's background calls (memory extraction, topic check) reach the server
    // too; off unless a test is about them, so request counts stay the chat's own.
    bool background = false;

    void dressForScreenshots() const
    {
        if (qEnvironmentVariableIsEmpty("SKEIN_SHOT_DIR"))
            return;
        if (const QString theme = qEnvironmentVariable("SKEIN_SHOT_THEME"); !theme.isEmpty()) {
            QSettings state(QDir(dir.path()).filePath(u"ui-state.ini"_s), QSettings::IniFormat);
            state.setValue(u"appearance/theme"_s, theme);
        }
        static const bool translated = [] {
            const QString lang = qEnvironmentVariable("SKEIN_SHOT_LANG");
            return !lang.isEmpty() && Language::install(*QCoreApplication::instance(), Language::choose(lang, {}));
        }();
        Q_UNUSED(translated);
    }

    bool start(const std::function<void(Store &)> &seed = {})
    {
        if (!dir.isValid() || !server.listen())
            return false;
        server.route("POST", "/v1/chat/completions", [this](const RecordedRequest &request) {
            ++replies;
            if (script)
                return script(request);
            ScriptedReply reply;
            // The context engine appends a runtime block to the user's text; answer the text alone.
            const QString asked = lastUserText(request).section(u"\n\n<runtime>"_s, 0, 0);
            reply.text = u"Answer %1 to: %2"_s.arg(replies).arg(asked) + kReplyTail;
            reply.promptTokens = 20;
            reply.completionTokens = 12;
            reply.chunkChars = 7;
            return openAiReply(reply);
        });
        {
            Result<std::unique_ptr<Store>> store = Store::open(dir.path());
            if (!store)
                return false;
            ProviderConfig p;
            p.id = u"prov-1"_s;
            p.name = u"Scripted"_s;
            p.kind = u"openai"_s;
            p.baseUrl = server.baseUrl().toString() + u"/v1"_s;
            p.defaultModel = u"scripted-1"_s;
            p.models = {ModelInfo {u"scripted-1"_s, 8192, 1024, 1.0, 2.0, 0.0}};
            if (!(*store)->providers().save(p))
                return false;
            if (!background && !(*store)->settings().set(u"memory/auto_extract"_s, u"false"_s))
                return false;
            if (seed)
                seed(**store);
        }
        return openWindow();
    }

    // A new AppContext and MainWindow on the same data dir (after closeWindow(): a restart).
    bool openWindow()
    {
        dressForScreenshots();
        context = std::make_unique<AppContext>(dir.path());
        context->setSecretStore(std::make_unique<MemorySecretStore>());
        context->housekeeper().setTopicCheckEnabled(background);
        if (beforeWindow)
            beforeWindow(*context);
        window = std::make_unique<MainWindow>(*context);
        window->resize(760, 560);
        window->show();
        if (!QTest::qWaitForWindowExposed(window.get()))
            return false;
        controller()->setUndoWindow(400);
        controller()->setStreamInterval(16);
        return QTest::qWaitFor([this] { return !controller()->modelChoices().isEmpty(); }, 10000);
    }

    void closeWindow()
    {
        window.reset();
        context.reset();
    }

    ChatController *controller() const { return window->chatController(); }
    ThreadModel *thread() const { return controller()->threadModel(); }
    ChatView *view() const { return window->chatView(); }

    std::unique_ptr<Store> store() const { return std::move(Store::open(dir.path()).value()); }

    void type(const QString &text)
    {
        ComposerEdit *edit = window->composer()->editor();
        edit->setFocus();
        QTest::keyClicks(edit, text);
        QTest::keyClick(edit, Qt::Key_Return);
    }

    QString content(int row) const { return thread()->index(row).data(ThreadModel::ContentRole).toString(); }
    bool replyDone(int rows) const
    {
        return thread()->rowCount() == rows && !controller()->isBusy()
            && MessageStatus(thread()->index(rows - 1).data(ThreadModel::StatusRole).toInt())
            == MessageStatus::Complete;
    }

    // Clicks a painted button of a message, as the user would.
    bool click(int row, MessageDelegate::Action action, const QString &data = {})
    {
        const QModelIndex index = thread()->index(row);
        view()->scrollTo(index);
        // As a user's eye does: wait until the rows stop moving (heights measured while painting
        // are applied on a later turn, and a press makes the row current, which scrolls to it).
        QRect rect;
        for (int settled = 0, rounds = 0; settled < 3 && rounds < 100; ++rounds) {
            window->grab();
            QTest::qWait(20);
            view()->scrollTo(index);
            const QRect now = view()->visualRect(index);
            settled = now == rect ? settled + 1 : 0;
            rect = now;
        }
        view()->setCurrentIndex(index);
        const QList<MessageDelegate::Hit> hits = view()->messageDelegate()->hits(index, rect);
        for (const MessageDelegate::Hit &hit : hits)
            if (hit.action == action && (data.isEmpty() || hit.data == data)) {
                QTest::mouseClick(view()->viewport(), Qt::LeftButton, {}, hit.rect.center());
                return true;
            }
        return false;
    }
};

} // namespace Skein::Test
