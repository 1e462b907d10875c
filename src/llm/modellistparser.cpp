// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "llm/modellistparser.h"

#include "llm/providerpresets.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace Skein::ModelListParser {

using namespace Qt::StringLiterals;

namespace {

QJsonObject parseObject(const QByteArray &body, bool *ok)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(body, &error);
    const bool valid = error.error == QJsonParseError::NoError && document.isObject();
    if (ok)
        *ok = valid;
    return valid ? document.object() : QJsonObject {};
}

// Numbers arrive as JSON numbers or as strings ("0.0000025" in OpenRouter's pricing).
double number(const QJsonValue &value)
{
    if (value.isString())
        return value.toString().toDouble();
    return value.toDouble();
}

qint64 firstInteger(const QJsonObject &object, std::initializer_list<QStringView> keys)
{
    for (QStringView key : keys) {
        const qint64 value = qint64(number(object.value(key)));
        if (value > 0)
            return value;
    }
    return 0;
}

} // namespace

QList<ModelInfo> openAi(const QByteArray &body, bool *ok)
{
    const QJsonObject root = parseObject(body, ok);
    QList<ModelInfo> models;
    const QJsonArray data = root.value(u"data").toArray();
    for (const QJsonValue &entry : data) {
        const QJsonObject object = entry.toObject();
        ModelInfo info;
        info.id = object.value(u"id").toString();
        if (info.id.isEmpty())
            continue;
        info.contextWindow = firstInteger(object, {u"context_length", u"max_model_len", u"context_window"});
        if (info.contextWindow == 0)
            info.contextWindow = firstInteger(object.value(u"meta").toObject(), {u"n_ctx_train"});
        const QJsonObject top = object.value(u"top_provider").toObject();
        if (info.contextWindow == 0)
            info.contextWindow = firstInteger(top, {u"context_length"});
        info.maxOutputTokens = firstInteger(top, {u"max_completion_tokens"});
        if (info.maxOutputTokens == 0)
            info.maxOutputTokens = firstInteger(object, {u"max_completion_tokens", u"max_output_tokens"});
        const QJsonObject pricing = object.value(u"pricing").toObject();
        info.inputPricePerMTok = number(pricing.value(u"prompt")) * 1e6;
        info.outputPricePerMTok = number(pricing.value(u"completion")) * 1e6;
        info.cachedInputPricePerMTok = number(pricing.value(u"input_cache_read")) * 1e6;
        models.append(info);
    }
    return models;
}

QList<ModelInfo> anthropic(const QByteArray &body, bool *ok)
{
    const QJsonObject root = parseObject(body, ok);
    QList<ModelInfo> models;
    const QJsonArray data = root.value(u"data").toArray();
    for (const QJsonValue &entry : data) {
        const QJsonObject object = entry.toObject();
        ModelInfo info;
        info.id = object.value(u"id").toString();
        if (info.id.isEmpty())
            continue;
        info.contextWindow = firstInteger(object, {u"max_input_tokens", u"context_window"});
        info.maxOutputTokens = firstInteger(object, {u"max_tokens", u"max_output_tokens"});
        models.append(info);
    }
    return models;
}

QList<ModelInfo> ollamaTags(const QByteArray &body, bool *ok)
{
    const QJsonObject root = parseObject(body, ok);
    QList<ModelInfo> models;
    const QJsonArray list = root.value(u"models").toArray();
    for (const QJsonValue &entry : list) {
        const QJsonObject object = entry.toObject();
        ModelInfo info;
        info.id = object.value(u"model").toString();
        if (info.id.isEmpty())
            info.id = object.value(u"name").toString();
        if (!info.id.isEmpty())
            models.append(info);
    }
    return models;
}

std::optional<qint64> ollamaShowContextLength(const QByteArray &body)
{
    const QJsonObject root = parseObject(body, nullptr);
    // A Modelfile "PARAMETER num_ctx" is what the server will actually use.
    static const QRegularExpression numCtx(u"(?:^|\\n)\\s*num_ctx\\s+(\\d+)"_s);
    const QRegularExpressionMatch match = numCtx.match(root.value(u"parameters").toString());
    if (match.hasMatch())
        return match.captured(1).toLongLong();
    const QJsonObject info = root.value(u"model_info").toObject();
    const QString architecture = info.value(u"general.architecture").toString();
    if (!architecture.isEmpty()) {
        const qint64 value = info.value(architecture + u".context_length"_s).toInteger();
        if (value > 0)
            return value;
    }
    for (auto it = info.constBegin(); it != info.constEnd(); ++it) {
        if (it.key().endsWith(u".context_length") && it.value().toInteger() > 0)
            return it.value().toInteger();
    }
    return std::nullopt;
}

std::optional<qint64> llamaCppContextSize(const QByteArray &body)
{
    const QJsonObject root = parseObject(body, nullptr);
    qint64 value = root.value(u"default_generation_settings").toObject().value(u"n_ctx").toInteger();
    if (value <= 0)
        value = root.value(u"n_ctx").toInteger();
    return value > 0 ? std::optional<qint64>(value) : std::nullopt;
}

bool looksLikeLlamaCpp(const QByteArray &body)
{
    const QJsonArray data = parseObject(body, nullptr).value(u"data").toArray();
    for (const QJsonValue &entry : data) {
        if (entry.toObject().value(u"owned_by").toString() == u"llamacpp")
            return true;
    }
    return false;
}

void applyPresetDefaults(QList<ModelInfo> &models)
{
    for (ModelInfo &info : models) {
        for (const ProviderPreset &preset : providerPresets()) {
            for (const ModelInfo &known : preset.models) {
                if (known.id != info.id)
                    continue;
                if (info.contextWindow <= 0)
                    info.contextWindow = known.contextWindow;
                if (info.maxOutputTokens <= 0)
                    info.maxOutputTokens = known.maxOutputTokens;
                if (info.inputPricePerMTok <= 0 && info.outputPricePerMTok <= 0) {
                    info.inputPricePerMTok = known.inputPricePerMTok;
                    info.outputPricePerMTok = known.outputPricePerMTok;
                    info.cachedInputPricePerMTok = known.cachedInputPricePerMTok;
                }
            }
        }
    }
}

} // namespace Skein::ModelListParser
