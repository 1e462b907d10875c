// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "corpus.h"

#include "core/domain/ids.h"

namespace Skein::Bench {

namespace {

const char *const english[] = {
    "the",         "model",       "context",     "window",    "token",      "memory",    "summary",    "branch",
    "session",     "message",     "database",    "search",    "index",      "query",     "result",     "function",
    "programming", "language",    "compiler",    "parser",    "stream",     "thread",    "widget",     "layout",
    "render",      "markdown",    "python",      "rust",      "haskell",    "kernel",    "network",    "socket",
    "request",     "response",    "provider",    "latency",   "throughput", "benchmark", "optimise",   "refactor",
    "design",      "interface",   "abstraction", "algorithm", "structure",  "pointer",   "allocation", "garbage",
    "collector",   "transaction", "commit",      "rollback",  "migration",  "schema",    "table",      "column",
    "trigger",     "virtual",     "cursor",      "iterator",  "generator",  "closure",   "lambda",     "template",
    "concept",     "coroutine",   "future",      "promise",   "async",      "await",     "mutex",      "atomic",
    "lock",        "deadlock",    "race",        "condition", "signal",     "slot",      "event",      "loop",
    "timer",       "please",      "explain",     "why",       "how",        "what",      "could",      "would",
    "should",      "example",     "answer",      "question",  "idea",       "travel",    "recipe",     "garden",
    "weather",     "music",       "history",     "physics",   "chemistry",  "biology",   "economy",    "quantum",
    "entropy",     "gradient",    "tensor",      "matrix",    "vector",     "embedding", "attention",  "transformer"};

const char *const chinese[]
    = {"数据库",   "全文检索", "上下文窗口",   "对话历史",         "长期记忆",   "摘要",     "分支",
       "模型",     "中文分词", "今天天气很好", "我们去公园散步吧", "请解释一下", "为什么",   "怎么办",
       "这个问题", "代码示例", "性能优化",     "多线程",           "编译器",     "内存管理", "网络请求",
       "用户界面", "流式输出", "工具调用",     "检查点",           "事务",       "索引",     "查询",
       "结果",     "谢谢"};

} // namespace

QString Corpus::text(int minWords, int maxWords)
{
    const int words = uniform(minWords, maxWords);
    const bool mostlyChinese = uniform(0, 9) == 0;
    QString out;
    out.reserve(words * 8);
    for (int i = 0; i < words; ++i) {
        if (mostlyChinese || uniform(0, 19) == 0) {
            out += QString::fromUtf8(chinese[uniform(0, int(std::size(chinese)) - 1)]);
        } else {
            if (i)
                out += QLatin1Char(' ');
            out += QLatin1String(english[uniform(0, int(std::size(english)) - 1)]);
        }
    }
    return out;
}

QList<Message> Corpus::sessionMessages(const Session &session, int count, qint64 startMs)
{
    QList<Message> out;
    out.reserve(count);
    QString parent;
    qint64 t = startMs;
    while (out.size() < count) {
        const bool user = (out.size() % 2) == 0;
        Message m = Message::create(session.id, parent, user ? Role::User : Role::Assistant,
                                    user ? text(5, 30) : text(20, 60));
        m.createdAt = m.completedAt = t++;
        m.tokenEstimate = m.content.size() / 4;
        out.append(m);
        if (!user && out.size() % 8 == 0 && out.size() < count) {
            Message alt = Message::create(session.id, parent, Role::Assistant, text(20, 60));
            alt.createdAt = alt.completedAt = t++;
            out.append(alt);
        }
        parent = m.id;
    }
    return out;
}

} // namespace Skein::Bench
