// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// skein-cli prints text that came from a model (issue 13 item 12): on a terminal its control
// characters are shown, not obeyed — no clearing the screen, no OSC 52 clipboard write, no
// carriage return hiding what was printed — while a pipe or a file gets the bytes unchanged.

#include "cliprocess.h"
#include "replayserver.h"
#include "scriptedmodel.h"
#include "testsupport.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

// ESC [ 2 J (clear screen), OSC 52 (set the clipboard to "rm -rf ~"), a CR that would let the
// next words overwrite the line, a BEL, and the 8-bit CSI (U+009B).
const QString Hostile = u"Sure.\x1b[2J\x1b]52;c;cm0gLXJmIH4=\x07 Done\rSAFE \u009b31m red"_s;

struct PtyRun
{
    int status = -1;
    QByteArray out; // what the terminal received
};

// Runs skein-cli with stdout and stderr on a pseudo-terminal (stdin from /dev/null), as a user at
// a terminal does, and reads everything it writes.
PtyRun runOnTerminal(const QStringList &args, const QProcessEnvironment &env)
{
    PtyRun run;
    const int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0)
        return run;
    const QByteArray slaveName = ptsname(master);
    QList<QByteArray> argv {QByteArray(SKEIN_CLI_PATH)};
    for (const QString &a : args)
        argv << a.toLocal8Bit();
    QList<QByteArray> envp;
    for (const QString &e : env.toStringList())
        envp << e.toLocal8Bit();
    std::vector<char *> cargv, cenvp;
    for (QByteArray &a : argv)
        cargv.push_back(a.data());
    cargv.push_back(nullptr);
    for (QByteArray &e : envp)
        cenvp.push_back(e.data());
    cenvp.push_back(nullptr);

    const pid_t pid = fork();
    if (pid == 0) {
        setsid();
        const int slave = open(slaveName.constData(), O_RDWR);
        const int null = open("/dev/null", O_RDONLY);
        if (slave < 0 || null < 0)
            _exit(126);
        dup2(null, 0);
        dup2(slave, 1);
        dup2(slave, 2);
        execve(cargv[0], cargv.data(), cenvp.data());
        _exit(127);
    }
    for (;;) {
        pollfd p {master, POLLIN, 0};
        if (poll(&p, 1, 60000) <= 0)
            break;
        char buffer[4096];
        const ssize_t n = read(master, buffer, sizeof buffer);
        if (n <= 0) // EIO once the child closed the slave side
            break;
        run.out.append(buffer, n);
    }
    int wstatus = 0;
    if (waitpid(pid, &wstatus, 0) == pid && WIFEXITED(wstatus))
        run.status = WEXITSTATUS(wstatus);
    close(master);
    return run;
}

QProcessEnvironment cliEnvironment(const QString &dataDir)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"SKEIN_DATA_DIR"_s, dataDir);
    env.insert(u"TERM"_s, u"xterm"_s);
    return env;
}

} // namespace

class TestTerminalEscapes final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void controlCharactersAreShownOnATerminalAndKeptInAPipe()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QProcessEnvironment env = cliEnvironment(dir.filePath(u"data"_s));
        ReplayServer server;
        QVERIFY(server.listen());
        ScriptedReply reply;
        reply.text = Hostile;
        server.route("POST", "/v1/chat/completions", {openAiReply(reply)});
        CliRun r = runCli({u"providers"_s, u"add"_s, u"peer"_s, u"--kind"_s, u"openai"_s, u"--base-url"_s,
                           server.url(u"/v1"_s).toString(), u"--model"_s, u"m"_s},
                          env);
        QVERIFY2(r.status == 0, r.err.constData());
        r = runCli({u"send"_s, u"--no-background"_s, u"--new"_s, u"--provider"_s, u"peer"_s, u"--no-tools"_s,
                    u"--json"_s, u"hi"_s},
                   env);
        QVERIFY2(r.status == 0, r.err.constData());
        const QString session = QJsonDocument::fromJson(r.out).object().value(u"session_id"_s).toString();
        QVERIFY(!session.isEmpty());

        // Into a pipe (a script, a file): the model's text byte for byte.
        r = runCli({u"show"_s, session}, env);
        QVERIFY2(r.status == 0, r.err.constData());
        QVERIFY2(r.out.contains(Hostile.toUtf8()), r.out.constData());

        // On a terminal: no control character but newline (and the terminal's own CR before it).
        const PtyRun shown = runOnTerminal({u"show"_s, session}, env);
        QCOMPARE(shown.status, 0);
        QByteArray visible = shown.out;
        visible.replace("\r\n", "\n"); // the terminal's line discipline turns \n into \r\n
        for (const char c : std::as_const(visible))
            QVERIFY2(static_cast<unsigned char>(c) >= 0x20 || c == '\n' || c == '\t',
                     qPrintable(u"control byte 0x%1 reached the terminal"_s.arg(int(static_cast<unsigned char>(c)), 2,
                                                                                16, QChar(u'0'))));
        QVERIFY2(!visible.contains("\xc2\x9b"), visible.constData());
        // ...and the text is still there to read, with its controls as visible symbols.
        QVERIFY2(visible.contains("Sure.\u241b[2J\u241b]52;c;cm0gLXJmIH4=\u2407 Done\u240dSAFE <U+009B>31m red"),
                 visible.constData());
    }
};

QTEST_GUILESS_MAIN(TestTerminalEscapes)
#include "tst_terminalescapes.moc"
