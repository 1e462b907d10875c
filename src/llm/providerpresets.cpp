// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "llm/providerpresets.h"

#include <QStringList>

namespace Skein {

using namespace Qt::StringLiterals;

namespace {

ModelInfo model(const QString &id, qint64 context, qint64 maxOutput, double input, double output, double cached)
{
    ModelInfo info;
    info.id = id;
    info.contextWindow = context;
    info.maxOutputTokens = maxOutput;
    info.inputPricePerMTok = input;
    info.outputPricePerMTok = output;
    info.cachedInputPricePerMTok = cached;
    return info;
}

QList<ProviderPreset> buildPresets()
{
    using K = ProviderKind;
    using A = AuthKind;
    QList<ProviderPreset> presets;
    presets.append({u"openai"_s,
                    u"OpenAI"_s,
                    K::OpenAiCompatible,
                    u"https://api.openai.com/v1"_s,
                    A::Bearer,
                    false,
                    false,
                    {model(u"gpt-4.1"_s, 1047576, 32768, 2.00, 8.00, 0.50),
                     model(u"gpt-4.1-mini"_s, 1047576, 32768, 0.40, 1.60, 0.10),
                     model(u"gpt-4o"_s, 128000, 16384, 2.50, 10.00, 1.25),
                     model(u"gpt-4o-mini"_s, 128000, 16384, 0.15, 0.60, 0.075),
                     model(u"o4-mini"_s, 200000, 100000, 1.10, 4.40, 0.275)}});
    presets.append({u"anthropic"_s,
                    u"Anthropic"_s,
                    K::Anthropic,
                    u"https://api.anthropic.com"_s,
                    A::AnthropicKey,
                    false,
                    false,
                    {model(u"claude-sonnet-4-5"_s, 200000, 64000, 3.00, 15.00, 0.30),
                     model(u"claude-opus-4-1"_s, 200000, 32000, 15.00, 75.00, 1.50),
                     model(u"claude-haiku-4-5"_s, 200000, 64000, 1.00, 5.00, 0.10),
                     model(u"claude-3-5-haiku-latest"_s, 200000, 8192, 0.80, 4.00, 0.08)}});
    presets.append({u"deepseek"_s,
                    u"DeepSeek"_s,
                    K::OpenAiCompatible,
                    u"https://api.deepseek.com"_s,
                    A::Bearer,
                    false,
                    false,
                    {model(u"deepseek-chat"_s, 128000, 8192, 0.28, 0.42, 0.028),
                     model(u"deepseek-reasoner"_s, 128000, 64000, 0.28, 0.42, 0.028)}});
    presets.append(
        {u"qwen"_s,
         u"Qwen (DashScope)"_s,
         K::OpenAiCompatible,
         u"https://dashscope-intl.aliyuncs.com/compatible-mode/v1"_s,
         A::Bearer,
         false,
         false,
         {model(u"qwen-plus"_s, 131072, 16384, 0.40, 1.20, 0.08), model(u"qwen-max"_s, 32768, 8192, 1.60, 6.40, 0.32),
          model(u"qwen-turbo"_s, 1000000, 16384, 0.05, 0.20, 0.01)}});
    presets.append({u"moonshot"_s,
                    u"Moonshot (Kimi)"_s,
                    K::OpenAiCompatible,
                    u"https://api.moonshot.ai/v1"_s,
                    A::Bearer,
                    false,
                    false,
                    {model(u"kimi-k2-0905-preview"_s, 262144, 16384, 0.60, 2.50, 0.15),
                     model(u"moonshot-v1-128k"_s, 131072, 8192, 2.00, 5.00, 0.0)}});
    presets.append({u"openrouter"_s,
                    u"OpenRouter"_s,
                    K::OpenAiCompatible,
                    u"https://openrouter.ai/api/v1"_s,
                    A::Bearer,
                    false,
                    false,
                    {model(u"openai/gpt-4o-mini"_s, 128000, 16384, 0.15, 0.60, 0.075),
                     model(u"anthropic/claude-sonnet-4.5"_s, 1000000, 64000, 3.00, 15.00, 0.30),
                     model(u"deepseek/deepseek-chat"_s, 163840, 8192, 0.30, 0.85, 0.0)}});
    presets.append({u"groq"_s,
                    u"Groq"_s,
                    K::OpenAiCompatible,
                    u"https://api.groq.com/openai/v1"_s,
                    A::Bearer,
                    false,
                    false,
                    {model(u"llama-3.3-70b-versatile"_s, 131072, 32768, 0.59, 0.79, 0.0),
                     model(u"llama-3.1-8b-instant"_s, 131072, 131072, 0.05, 0.08, 0.0)}});
    presets.append({u"mistral"_s,
                    u"Mistral"_s,
                    K::OpenAiCompatible,
                    u"https://api.mistral.ai/v1"_s,
                    A::Bearer,
                    false,
                    false,
                    {model(u"mistral-large-latest"_s, 131072, 32768, 2.00, 6.00, 0.0),
                     model(u"mistral-small-latest"_s, 131072, 32768, 0.10, 0.30, 0.0),
                     model(u"codestral-latest"_s, 256000, 32768, 0.30, 0.90, 0.0)}});
    presets.append({u"xai"_s,
                    u"xAI"_s,
                    K::OpenAiCompatible,
                    u"https://api.x.ai/v1"_s,
                    A::Bearer,
                    false,
                    false,
                    {model(u"grok-4"_s, 256000, 32768, 3.00, 15.00, 0.75),
                     model(u"grok-3-mini"_s, 131072, 32768, 0.30, 0.50, 0.075)}});
    presets.append({u"ollama"_s, u"Ollama"_s, K::OllamaNative, u"http://localhost:11434"_s, A::None, true, false, {}});
    presets.append({u"llamacpp"_s,
                    u"llama.cpp server"_s,
                    K::OpenAiCompatible,
                    u"http://localhost:8080/v1"_s,
                    A::None,
                    true,
                    false,
                    {}});
    presets.append(
        {u"lmstudio"_s, u"LM Studio"_s, K::OpenAiCompatible, u"http://localhost:1234/v1"_s, A::None, true, false, {}});
    presets.append(
        {u"vllm"_s, u"vLLM"_s, K::OpenAiCompatible, u"http://localhost:8000/v1"_s, A::Bearer, true, true, {}});
    // Whether the models read images, from their providers' model pages (issue 16); the rest stay
    // unknown, which sends an attached image and lets the server say no.
    static const QStringList sees {u"gpt-4.1"_s,
                                   u"gpt-4.1-mini"_s,
                                   u"gpt-4o"_s,
                                   u"gpt-4o-mini"_s,
                                   u"o4-mini"_s,
                                   u"claude-sonnet-4-5"_s,
                                   u"claude-opus-4-1"_s,
                                   u"claude-haiku-4-5"_s,
                                   u"openai/gpt-4o-mini"_s,
                                   u"anthropic/claude-sonnet-4.5"_s,
                                   u"grok-4"_s};
    static const QStringList blind {u"deepseek-chat"_s,
                                    u"deepseek-reasoner"_s,
                                    u"deepseek/deepseek-chat"_s,
                                    u"qwen-plus"_s,
                                    u"qwen-max"_s,
                                    u"qwen-turbo"_s,
                                    u"kimi-k2-0905-preview"_s,
                                    u"moonshot-v1-128k"_s,
                                    u"llama-3.3-70b-versatile"_s,
                                    u"llama-3.1-8b-instant"_s,
                                    u"codestral-latest"_s,
                                    u"grok-3-mini"_s};
    for (ProviderPreset &preset : presets)
        for (ModelInfo &info : preset.models)
            info.vision = sees.contains(info.id) ? ModelVision::Yes
                : blind.contains(info.id)        ? ModelVision::No
                                                 : ModelVision::Unknown;
    return presets;
}

} // namespace

const QList<ProviderPreset> &providerPresets()
{
    static const QList<ProviderPreset> presets = buildPresets();
    return presets;
}

const ProviderPreset *findPreset(QStringView id)
{
    for (const ProviderPreset &preset : providerPresets()) {
        if (preset.id == id)
            return &preset;
    }
    return nullptr;
}

} // namespace Skein
