// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "llm/streamingcall.h"

#include "core/stream/streamdecoder.h"
#include "core/stream/turnassembler.h"
#include "llm/providerclient.h"
#include "llm/redirectguard.h"
#include "llm/replylimit.h"
#include "llm/wirerequest.h"

#include <QJsonDocument>
#include <QNetworkReply>
#include <QTimer>

namespace Skein {

namespace {

// Bytes decoded per turn of the event loop. A reply that is already there in bulk (a fast local
// server, or a thread that was busy for a moment) is decoded in slices, so the thread that owns
// the call keeps painting and firing its timers (well under 1 ms per slice). The network thread keeps
// reading the socket meanwhile: slicing never slows the server down.
constexpr qint64 kReadSlice = 16 * 1024;

WireFormat wireFormat(ProviderKind kind)
{
    switch (kind) {
    case ProviderKind::OpenAiCompatible:
        return WireFormat::OpenAiChat;
    case ProviderKind::Anthropic:
        return WireFormat::AnthropicMessages;
    case ProviderKind::OllamaNative:
        return WireFormat::OllamaChat;
    }
    return WireFormat::OpenAiChat;
}

// A page is kept only for its title; a whitespace-only start longer than this is a stream.
constexpr qsizetype MaxPageBytes = 64 * 1024;
// What is kept of a body labelled text/html that does not start with markup.
constexpr qsizetype MaxLabelledPageBytes = 4 * 1024;

bool isContent(const StreamDelta &delta)
{
    switch (delta.kind) {
    case StreamDelta::Kind::Text:
    case StreamDelta::Kind::Refusal:
    case StreamDelta::Kind::Reasoning:
    case StreamDelta::Kind::RedactedReasoning:
    case StreamDelta::Kind::ToolCall:
        return true;
    default:
        return false;
    }
}

} // namespace

StreamingCall::StreamingCall(ProviderClient *client, ChatRequest request)
    : QObject(client)
    , m_client(client)
    , m_request(std::move(request))
    , m_retryTimer(new QTimer(this))
{
    // The call decodes the reply incrementally; a non-streaming body has a different shape.
    m_request.stream = true;
    m_request.useMaxCompletionTokens = m_request.useMaxCompletionTokens || client->endpoint().useMaxCompletionTokens;
    m_request.sendReasoningContent = m_request.sendReasoningContent || client->endpoint().sendReasoningContent;
    m_body = QJsonDocument(WireRequest::body(client->endpoint().kind, m_request)).toJson(QJsonDocument::Compact);
    m_retryTimer->setSingleShot(true);
    connect(m_retryTimer, &QTimer::timeout, this, &StreamingCall::sendAttempt);
}

StreamingCall::~StreamingCall()
{
    dropReply();
}

void StreamingCall::start()
{
    if (m_attempts == 0 && !m_finished)
        sendAttempt();
}

void StreamingCall::cancel()
{
    if (m_finished)
        return;
    m_retryTimer->stop();
    dropReply();
    finish(CallError::cancelled());
}

AssembledTurn StreamingCall::turn() const
{
    return m_assembler ? m_assembler->turn() : AssembledTurn {};
}

void StreamingCall::sendAttempt()
{
    if (!m_client || m_finished)
        return;
    ++m_attempts;
    m_status = 0;
    m_accepted = false;
    m_readQueued = false;
    m_endQueued = false;
    m_errorBody.clear();
    m_bodyKind = Body::Undecided;
    m_bodyStart.clear();
    m_htmlContentType = false;
    m_decoder = std::make_unique<StreamDecoder>(wireFormat(m_client->endpoint().kind));
    m_assembler = std::make_unique<TurnAssembler>();

    const ProviderKind kind = m_client->endpoint().kind;
    m_reply = m_client->post(m_client->request(WireRequest::chatPath(kind), true), m_body);
    ReplyLimit::watch(m_reply, m_client->endpoint().maxReplyBytes);
    connect(m_reply, &QNetworkReply::metaDataChanged, this, &StreamingCall::onMetaData);
    connect(m_reply, &QNetworkReply::readyRead, this, &StreamingCall::onReadyRead);
    connect(m_reply, &QNetworkReply::finished, this, &StreamingCall::onReplyFinished);
}

int StreamingCall::httpStatus() const
{
    return m_reply ? m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() : 0;
}

void StreamingCall::onMetaData()
{
    const int status = httpStatus();
    if (status == 0 || m_status != 0 || (status >= 300 && status < 400)) // a redirect QNAM follows
        return;
    m_status = status;
    if (status >= 200 && status < 300) {
        m_accepted = true;
        m_htmlContentType = ErrorParser::isHtmlContentType(m_reply->rawHeader("Content-Type"));
        Q_EMIT started(status);
    }
}

void StreamingCall::onReadyRead()
{
    if (!m_reply)
        return;
    onMetaData();
    if (!m_accepted) {
        // An error page: its start is kept (bounded), the rest read and dropped.
        const QByteArray more = m_reply->readAll();
        m_errorBody += QByteArrayView(more).first(
            qBound<qsizetype>(0, ReplyLimit::kErrorBodyBytes - m_errorBody.size(), more.size()));
        return;
    }
    consumeBody(m_reply->read(kReadSlice));
    if (m_reply && m_reply->bytesAvailable() > 0 && !m_readQueued) {
        m_readQueued = true;
        QMetaObject::invokeMethod(this, &StreamingCall::readMore, Qt::QueuedConnection);
    }
}

void StreamingCall::readMore()
{
    m_readQueued = false;
    if (!m_reply || m_finished)
        return;
    onReadyRead();
    if (m_endQueued && m_reply && m_reply->bytesAvailable() <= kReadSlice) {
        m_endQueued = false;
        onReplyFinished();
    }
}

void StreamingCall::consumeBody(const QByteArray &bytes)
{
    const auto keep = [this](QByteArrayView more, qsizetype cap) {
        m_bodyStart += more.first(qBound<qsizetype>(0, cap - m_bodyStart.size(), more.size()));
    };
    switch (m_bodyKind) {
    case Body::Stream:
        if (m_htmlContentType)
            keep(bytes, MaxLabelledPageBytes); // in case nothing of it decodes (see onReplyFinished)
        handleDeltas(m_decoder->feed(bytes));
        return;
    case Body::WebPage:
        keep(bytes, MaxPageBytes);
        return;
    case Body::Undecided:
        break;
    }
    m_bodyStart += bytes;
    const char first = ErrorParser::firstSignificantByte(m_bodyStart);
    if (first == 0 && m_bodyStart.size() < MaxPageBytes)
        return; // only white space so far
    if (first == '<') {
        m_bodyKind = Body::WebPage;
        m_bodyStart.truncate(MaxPageBytes);
        return;
    }
    m_bodyKind = Body::Stream;
    const QByteArray start = std::exchange(m_bodyStart, {});
    if (m_htmlContentType)
        keep(start, MaxLabelledPageBytes);
    handleDeltas(m_decoder->feed(start));
}

void StreamingCall::handleDeltas(const QList<StreamDelta> &deltas)
{
    if (deltas.isEmpty())
        return;
    m_assembler->apply(deltas);
    for (const StreamDelta &delta : deltas)
        m_hasContent = m_hasContent || isContent(delta);
    Q_EMIT deltasReceived(deltas);
}

void StreamingCall::onReplyFinished()
{
    if (!m_reply || m_finished)
        return;
    onMetaData();
    if (m_accepted && m_reply->bytesAvailable() > kReadSlice) {
        // Decode what is still buffered in slices first; readMore() comes back here.
        m_endQueued = true;
        if (!m_readQueued) {
            m_readQueued = true;
            QMetaObject::invokeMethod(this, &StreamingCall::readMore, Qt::QueuedConnection);
        }
        return;
    }
    QNetworkReply *reply = m_reply;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QNetworkReply::NetworkError networkError = reply->error();
    const QString networkText = reply->errorString();
    const QByteArray rest = reply->isOpen() ? reply->readAll() : QByteArray();
    const RawHeaders headers = reply->rawHeaderPairs();
    const QUrl answeredBy = reply->url(); // after redirects
    const std::optional<QUrl> refused = RedirectGuard::refusedTarget(*reply);
    const std::optional<qint64> overLimit = ReplyLimit::exceeded(*reply);
    const QUrl asked = reply->request().url(); // the redirects followed kept its origin
    dropReply();

    if (refused) {
        fail(CallError::crossOriginRedirect(asked, *refused));
        return;
    }

    if (status != 0 && (status < 200 || status >= 300)) {
        fail(ErrorParser::fromHttp(status, headers, QByteArray(m_errorBody + rest).left(ReplyLimit::kErrorBodyBytes)));
        return;
    }
    const QUrl requested = m_client ? m_client->endpoint().baseUrl : QUrl();
    if (m_accepted) {
        consumeBody(rest);
        if (m_bodyKind == Body::Undecided) { // empty or only white space: let the decoder judge
            m_bodyKind = Body::Stream;
            handleDeltas(m_decoder->feed(m_bodyStart));
        }
    }
    if (m_finished) // a listener cancelled while handling the last deltas
        return;
    if (m_bodyKind == Body::WebPage) {
        fail(ErrorParser::webPage(answeredBy, requested, m_bodyStart));
        return;
    }

    if (overLimit) { // everything decoded up to the limit was delivered and stays
        handleDeltas(m_decoder->finish());
        if (!m_finished)
            fail(CallError::tooLarge(tr("reply"), *overLimit));
        return;
    }
    // QNAM reports the inactivity timeout as a cancellation we did not ask for.
    if (networkError == QNetworkReply::OperationCanceledError || networkError == QNetworkReply::TimeoutError) {
        fail(CallError::timeout());
        return;
    }
    if (networkError != QNetworkReply::NoError) {
        fail(CallError::network(networkText));
        return;
    }
    handleDeltas(m_decoder->finish());
    if (m_finished)
        return;
    const AssembledTurn assembled = m_assembler->turn();
    // Labelled as a web page, not markup, and nothing usable came of it: a sign-in page in words.
    if (m_htmlContentType && assembled.isEmpty() && !assembled.sawTerminalMarker
        && (assembled.error.isNull() || assembled.error.category == ErrorCategory::Protocol)) {
        fail(ErrorParser::webPage(answeredBy, requested, m_bodyStart));
        return;
    }
    if (assembled.hasError())
        fail(CallError::fromProvider(assembled.error));
    else if (assembled.isTruncated())
        fail(CallError::truncated());
    else if (assembled.isEmpty()
             && (assembled.finishReason == FinishReason::Stop || assembled.finishReason == FinishReason::None))
        finish(CallError::emptyReply()); // a refusal or a filter may legitimately say nothing
    else
        finish({});
}

void StreamingCall::fail(const CallError &error)
{
    if (m_finished)
        return;
    const std::optional<qint64> delay
        = m_client ? m_client->endpoint().retry.delayBeforeRetry(m_attempts, error, m_hasContent) : std::nullopt;
    if (!delay) {
        finish(error);
        return;
    }
    Q_EMIT retryScheduled(m_attempts, *delay, error);
    m_retryTimer->start(int(qMin<qint64>(*delay, std::numeric_limits<int>::max())));
}

void StreamingCall::finish(const CallError &error)
{
    if (m_finished)
        return;
    m_finished = true;
    m_error = error;
    Q_EMIT finished(turn(), m_error);
}

void StreamingCall::dropReply()
{
    if (!m_reply)
        return;
    QNetworkReply *reply = m_reply;
    m_reply = nullptr;
    disconnect(reply, nullptr, this, nullptr);
    if (reply->isRunning())
        reply->abort();
    reply->deleteLater();
}

} // namespace Skein
