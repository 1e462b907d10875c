// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// JsonTape against QJsonDocument: the same values for valid JSON, a failure for invalid JSON.
#include "core/stream/jsontape.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Skein;
using namespace Qt::StringLiterals;

namespace {

// Rebuilds a QJsonValue from the tape, to compare whole documents with Qt's parser.
QJsonValue toQt(const JsonRef &ref)
{
    switch (ref.type()) {
    case JsonRef::Type::Null:
        return QJsonValue(QJsonValue::Null);
    case JsonRef::Type::Bool:
        return ref.toBool();
    case JsonRef::Type::Number: {
        const QByteArrayView text = ref.raw();
        if (text.contains('.') || text.contains('e') || text.contains('E'))
            return text.toDouble();
        return ref.toInteger();
    }
    case JsonRef::Type::String:
        return ref.toString();
    case JsonRef::Type::Array: {
        QJsonArray array;
        for (const JsonRef element : ref.elements())
            array.append(toQt(element));
        return array;
    }
    case JsonRef::Type::Object:
        return ref.toJsonValue(); // objects: member lookup is tested in lookups()
    case JsonRef::Type::Invalid:
        break;
    }
    return QJsonValue(QJsonValue::Undefined);
}

} // namespace

class TestJsonTape final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void matchesQt_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("empty containers") << "{\"a\":{},\"b\":[],\"c\":[{}]}"_ba;
        QTest::newRow("escapes") << "[\"q\\\"b\\\\s\\/n\\nt\\tr\\rb\\bf\\f\"]"_ba;
        QTest::newRow("unicode escapes") << "[\"\\u00e9\\u4f60\\ud83d\\ude42\\u2028\"]"_ba;
        QTest::newRow("raw utf-8") << "[\"\xe4\xbd\xa0\xe5\xa5\xbd \xf0\x9f\x99\x82\"]"_ba;
        QTest::newRow("numbers") << "[0,-1,3.25,1e3,-2.5E-2,9007199254740993]"_ba;
        QTest::newRow("literals and spaces") << " [ true , false , null ] \n"_ba;
        QTest::newRow("nested") << "[[[[[\"deep\"]]]],{\"x\":[1,{\"y\":null}]}]"_ba;
        QTest::newRow("quote after escaped backslash") << "[\"a\\\\\",\"b\"]"_ba;
        QTest::newRow("escaped quote then backslashes") << "[\"\\\"x\\\\\\\\\", \"\\\\\\\"\"]"_ba;
        QTest::newRow("raw control characters") << "[\"tab\there\"]"_ba; // invalid, but Qt accepts it too
    }

    void matchesQt()
    {
        QFETCH(QByteArray, json);
        JsonTape tape;
        QVERIFY2(tape.parse(json), qPrintable(tape.errorString()));
        const QJsonDocument qt = QJsonDocument::fromJson(json);
        QVERIFY(!qt.isNull());
        QCOMPARE(toQt(tape.root()), qt.isArray() ? QJsonValue(qt.array()) : QJsonValue(qt.object()));
    }

    void lookups()
    {
        JsonTape tape;
        QVERIFY(tape.parse("{\"id\":\"x\",\"n\":42,\"o\":{\"k\":[1,2,3]},\"e\\u0078\":\"escaped key\",\"d\":1.9}"));
        const JsonRef root = tape.root();
        QCOMPARE(root["id"_L1].toString(), u"x"_s);
        QCOMPARE(root["n"_L1].toInteger(), 42);
        QCOMPARE(root["d"_L1].toInteger(), 1);
        QCOMPARE(root["o"_L1]["k"_L1].size(), 3);
        QCOMPARE(root["ex"_L1].toString(), u"escaped key"_s);
        QCOMPARE(root.size(), 5);
        QVERIFY(!root["missing"_L1].isValid());
        QCOMPARE(root["missing"_L1]["deeper"_L1].toInteger(-1), -1);
        QCOMPARE(root["id"_L1].toInteger(-1), -1);
        QCOMPARE(root["o"_L1].raw().toByteArray(), "{\"k\":[1,2,3]}"_ba);
        QCOMPARE(root["o"_L1].toJsonValue().toObject().value(u"k"_s).toArray().size(), 3);
        QVERIFY(!tape.root()["o"_L1]["k"_L1]["x"_L1].isValid()); // key lookup on an array
    }

    void rejectsInvalid_data()
    {
        QTest::addColumn<QByteArray>("json");
        for (const char *bad : {"", "{", "{\"id\":}]}", "[1,]", "{\"a\" 1}", "[\"open", "[01x]", "[tru]", "[1] 2",
                                "{\"a\":1,}", "[-]", "[1e]", "{1:2}"})
            QTest::newRow(bad) << QByteArray(bad);
    }

    void rejectsInvalid()
    {
        QFETCH(QByteArray, json);
        JsonTape tape;
        QVERIFY(!tape.parse(json));
        QVERIFY(!tape.root().isValid());
        QVERIFY(!tape.errorString().isEmpty());
        QVERIFY(tape.errorOffset() >= 0);
        QVERIFY(QJsonDocument::fromJson(json).isNull()); // Qt agrees it is invalid
    }

    void deepNestingFailsCleanly()
    {
        JsonTape tape;
        const QByteArray tooDeep = QByteArray(100000, '[') + QByteArray(100000, ']');
        QVERIFY(!tape.parse(tooDeep));
        const QByteArray deep = QByteArray(200, '[') + QByteArray(200, ']');
        QVERIFY(tape.parse(deep));
    }
};

SKEIN_CORE_TEST_MAIN(TestJsonTape)
#include "tst_jsontape.moc"
