// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/context/modelwindow.h"

#include "engine/context/contextsettings.h"
#include "llm/providerpresets.h"

#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Skein {

QString ModelWindow::sourceName(Source source)
{
    switch (source) {
    case Source::Session:
        return u"session"_s;
    case Source::Provider:
        return u"provider"_s;
    case Source::Preset:
        return u"preset"_s;
    case Source::Setting:
        return u"setting"_s;
    case Source::Fallback:
        break;
    }
    return u"fallback"_s;
}

namespace ModelWindows {

namespace {

const ModelInfo *presetModel(const QString &model)
{
    for (const ProviderPreset &preset : providerPresets())
        for (const ModelInfo &info : preset.models)
            if (info.id == model)
                return &info;
    return nullptr;
}

} // namespace

ModelWindow resolve(const ProviderConfig *provider, const QString &model, const ContextSettings &settings,
                    qint64 defaultWindow)
{
    ModelWindow w;
    w.info.id = model;
    const ModelInfo *known = nullptr;
    if (provider)
        for (const ModelInfo &info : provider->models)
            if (info.id == model)
                known = &info;
    const ModelInfo *preset = presetModel(model);
    // Limits and prices: the provider's entry, completed from the preset.
    if (known)
        w.info = *known;
    if (preset) {
        if (w.info.maxOutputTokens <= 0)
            w.info.maxOutputTokens = preset->maxOutputTokens;
        if (w.info.vision == ModelVision::Unknown)
            w.info.vision = preset->vision;
        if (w.info.inputPricePerMTok <= 0.0 && w.info.outputPricePerMTok <= 0.0) {
            w.info.inputPricePerMTok = preset->inputPricePerMTok;
            w.info.outputPricePerMTok = preset->outputPricePerMTok;
            w.info.cachedInputPricePerMTok = preset->cachedInputPricePerMTok;
        }
    }
    if (settings.window > 0) {
        w.tokens = settings.window;
        w.source = ModelWindow::Source::Session;
    } else if (known && known->contextWindow > 0) {
        w.tokens = known->contextWindow;
        w.source = ModelWindow::Source::Provider;
    } else if (preset && preset->contextWindow > 0) {
        w.tokens = preset->contextWindow;
        w.source = ModelWindow::Source::Preset;
    } else if (defaultWindow > 0) {
        w.tokens = defaultWindow;
        w.source = ModelWindow::Source::Setting;
    } else {
        w.tokens = ContextSettings::kFallbackWindow;
        w.source = ModelWindow::Source::Fallback;
    }
    w.tokens = std::max(w.tokens, ContextSettings::kMinWindow);
    w.info.contextWindow = w.tokens;
    return w;
}

std::optional<qint64> statedWindow(const CallError &error)
{
    if (const auto limit = error.contextLimit())
        return limit;
    static const QRegularExpression patterns[] = {
        QRegularExpression(u"prompt is too long: \\d+ tokens > (\\d+) maximum"_s),
        QRegularExpression(u"maximum context length is (\\d+)"_s),
        QRegularExpression(u"context (?:size|window|length)[^0-9]{0,24}\\(?(\\d{3,})"_s),
        QRegularExpression(u"n_ctx[\" :=]*(\\d+)"_s),
    };
    for (const QString &text : {error.message, error.provider.message}) {
        for (const QRegularExpression &re : patterns) {
            const QRegularExpressionMatch m = re.match(text);
            if (m.hasMatch() && m.captured(1).toLongLong() > 0)
                return m.captured(1).toLongLong();
        }
    }
    return std::nullopt;
}

std::optional<qint64> loweredWindow(const CallError &error, qint64 believedWindow)
{
    if (error.category != CallError::Category::ContextTooLong)
        return std::nullopt;
    qint64 lowered = believedWindow * 4 / 5;
    if (const auto stated = statedWindow(error); stated && *stated < believedWindow)
        lowered = *stated;
    lowered = std::max(lowered, ContextSettings::kMinWindow);
    if (lowered >= believedWindow)
        return std::nullopt;
    return lowered;
}

ProviderConfig withWindow(ProviderConfig provider, const QString &model, qint64 window)
{
    for (ModelInfo &info : provider.models) {
        if (info.id == model) {
            info.contextWindow = window;
            return provider;
        }
    }
    ModelInfo info;
    info.id = model;
    info.contextWindow = window;
    provider.models.append(info);
    return provider;
}

} // namespace ModelWindows

} // namespace Skein
