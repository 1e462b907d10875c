/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/stream/assembledturn.h"
#include "core/stream/streamdelta.h"
#include "llm/callerror.h"
#include "llm/chatrequest.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QObject>
#include <QPointer>

#include <memory>

class QNetworkReply;
class QTimer;

namespace Skein {

class ProviderClient;
class StreamDecoder;
class TurnAssembler;

// One model call: sends the request, decodes the reply as its bytes arrive (SSE or NDJSON, through
// core's StreamDecoder) and emits the deltas, retries transient failures while nothing of the
// reply has arrived, and ends with exactly one finished(). Whatever arrived is kept on failure:
// turn() then holds the partial reply and error() says why it ended. A 2xx body that turns out to
// be a web page (captive portal, proxy login) is never decoded: it ends with a WebPage error.
class StreamingCall final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StreamingCall)

public:
    StreamingCall(ProviderClient *client, ChatRequest request);
    ~StreamingCall() override;

    void start();
    // Stops the call at any point (request in flight, streaming, waiting to retry). finished() is
    // emitted with a Cancelled error and the partial turn, unless the call had already finished.
    void cancel();

    bool isFinished() const { return m_finished; }
    AssembledTurn turn() const;
    CallError error() const { return m_error; }
    int attempts() const { return m_attempts; }
    // Text, reasoning or a tool call has arrived: retrying now would duplicate it.
    bool hasContent() const { return m_hasContent; }

Q_SIGNALS:
    // The provider accepted the request (2xx) and the reply starts; again after a retry.
    void started(int httpStatus);
    // New pieces of the reply, in order, as soon as their bytes arrived.
    void deltasReceived(const QList<Skein::StreamDelta> &deltas);
    // A transient failure; the request is sent again after delayMs.
    void retryScheduled(int retry, qint64 delayMs, const Skein::CallError &reason);
    void finished(const Skein::AssembledTurn &turn, const Skein::CallError &error);

private:
    void sendAttempt();
    void onMetaData();
    void onReadyRead();
    void readMore();
    void onReplyFinished();
    void consumeBody(const QByteArray &bytes);
    void handleDeltas(const QList<StreamDelta> &deltas);
    void fail(const CallError &error);
    void finish(const CallError &error);
    void dropReply();
    int httpStatus() const;

    QPointer<ProviderClient> m_client;
    ChatRequest m_request;
    QByteArray m_body;
    QPointer<QNetworkReply> m_reply;
    QTimer *m_retryTimer;
    std::unique_ptr<StreamDecoder> m_decoder;
    std::unique_ptr<TurnAssembler> m_assembler;
    QByteArray m_errorBody;
    // The body's first bytes until they show whether it is a stream (then fed to the decoder) or
    // a web page (then kept, capped, for its title).
    enum class Body { Undecided, Stream, WebPage };
    Body m_bodyKind = Body::Undecided;
    QByteArray m_bodyStart;
    bool m_htmlContentType = false;
    CallError m_error;
    int m_attempts = 0;
    int m_status = 0;
    bool m_accepted = false;
    bool m_hasContent = false;
    bool m_finished = false;
    bool m_readQueued = false; // a slice of buffered bytes waits for the next turn of the loop
    bool m_endQueued = false; // the reply ended while bytes were still buffered
};

} // namespace Skein
