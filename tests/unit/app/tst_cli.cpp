#include "testsupport.h"

#include <QProcess>
#include <QTemporaryDir>

// Runs the real executables as a user would.
class TestCli final : public QObject
{
    Q_OBJECT

    struct Result
    {
        int status = -1;
        QString out;
        QString err;
    };

    static Result run(const QString &program, const QStringList &args, const QProcessEnvironment &env = {})
    {
        QProcess p;
        QProcessEnvironment e = env.isEmpty() ? QProcessEnvironment::systemEnvironment() : env;
        e.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(e);
        p.start(program, args);
        if (!p.waitForFinished(30000))
            return {};
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
    }

private Q_SLOTS:
    void versions()
    {
        const Result cli = run(QStringLiteral(SKEIN_CLI_PATH), {QStringLiteral("--version")});
        QCOMPARE(cli.status, 0);
        QCOMPARE(cli.out.trimmed(), QStringLiteral("skein-cli " SKEIN_VERSION));
        const Result gui = run(QStringLiteral(SKEIN_GUI_PATH), {QStringLiteral("--version")});
        QCOMPARE(gui.status, 0);
        QCOMPARE(gui.out.trimmed(), QStringLiteral("skein " SKEIN_VERSION));
    }
    void helpListsOptions()
    {
        const Result cli = run(QStringLiteral(SKEIN_CLI_PATH), {QStringLiteral("--help")});
        QCOMPARE(cli.status, 0);
        QVERIFY(cli.out.contains(QLatin1String("--data-dir")));
        QVERIFY(cli.out.contains(QLatin1String("Commands:")));
    }
    void dataDirFromOptionAndEnvironment()
    {
        QTemporaryDir tmp;
        const QString viaOption = tmp.filePath(QStringLiteral("opt"));
        Result r
            = run(QStringLiteral(SKEIN_CLI_PATH), {QStringLiteral("--data-dir"), viaOption, QStringLiteral("info")});
        QCOMPARE(r.status, 0);
        QVERIFY2(r.out.contains(viaOption), qPrintable(r.out));
        QVERIFY(QFileInfo(viaOption).isDir());

        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        const QString viaEnv = tmp.filePath(QStringLiteral("env"));
        env.insert(QStringLiteral("SKEIN_DATA_DIR"), viaEnv);
        r = run(QStringLiteral(SKEIN_CLI_PATH), {QStringLiteral("info")}, env);
        QCOMPARE(r.status, 0);
        QVERIFY2(r.out.contains(viaEnv), qPrintable(r.out));
    }
    void failuresAreOneLineOnStderr()
    {
        const Result r = run(QStringLiteral(SKEIN_CLI_PATH), {QStringLiteral("frobnicate")});
        QCOMPARE(r.status, 2);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
        QVERIFY(r.err.contains(QLatin1String("frobnicate")));
    }
    void chineseLanguageOverride()
    {
        const Result r = run(QStringLiteral(SKEIN_CLI_PATH), {QStringLiteral("--lang"), QStringLiteral("zh_CN")});
        QCOMPARE(r.status, 2);
        QVERIFY2(!r.err.contains(QLatin1String("no command given")), qPrintable(r.err));
    }
};

SKEIN_CORE_TEST_MAIN(TestCli)
#include "tst_cli.moc"
