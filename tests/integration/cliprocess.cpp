// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "cliprocess.h"

#include "core/domain/message.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"

#include <QTest>

namespace Skein::Test {

CliRun runCli(const QStringList &args, const QProcessEnvironment &env, int timeoutMs)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(SKEIN_CLI_PATH), args);
    CliRun r;
    if (!p.waitForStarted(10000))
        return r;
    if (!QTest::qWaitFor([&] { return p.state() == QProcess::NotRunning; }, timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
    }
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    r.status = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return r;
}

Session plantLongChat(const QString &dataDir, int count, int factAt, const QString &fact, QString *factId)
{
    Session session = Session::create(QStringLiteral("Long chat"));
    auto store = Store::open(dataDir);
    if (!store)
        return {};
    QList<Message> path;
    QString parent;
    for (int i = 0; i < count; ++i) {
        const QString text = i == factAt ? fact : QStringLiteral("Ordinary chat about the weather, message %1.").arg(i);
        Message m = Message::create(session.id, parent, i % 2 ? Role::Assistant : Role::User, text);
        m.createdAt = m.completedAt = 1'700'000'000'000 + qint64(i) * 1000;
        parent = m.id;
        path << m;
    }
    if (factId)
        *factId = path.value(factAt).id;
    session.activeLeafId = parent;
    if (!store.value()->sessions().create(session) || !store.value()->messages().insertBatch(path))
        return {};
    return session;
}

} // namespace Skein::Test
