/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "llm/chatrequest.h"
#include "storage/result.h"

#include <QByteArray>
#include <QHash>
#include <QString>

namespace Skein {

class Store;

// An image encoded for one request: its type (a large PNG may become a JPEG) and bytes.
struct EncodedImage
{
    QString mimeType;
    QByteArray data;
};

// The images of a request, read from the store and encoded at the size they are sent at (issue 16).
// Assembly decides which images go and at what size (ImageCost); their bytes are read afterwards,
// on the storage thread, and kept with the call's inputs so that a retry rebuilt elsewhere still
// has them.
namespace ImageUpload {

// The key of an image's encoding: its content and the size it is sent at.
QString key(const ChatImage &image);

// Reads and encodes every image of request that `images` does not hold yet: scaled to its sent
// size (the stored file as it is when it already has that size and is small enough), PNG or JPEG,
// at most 3.75 MB (Anthropic's limit for an image in base64 is 5 MB). Recently encoded images are
// shared between calls (the agent loop sends the same images at every step). An image that cannot be
// read is left out of `images`; apply() then says so in its message.
Status load(Store &store, const ChatRequest &request, QHash<QString, EncodedImage> &images);

// Puts the encoded bytes into request's images; an image that has none is taken out, and its
// message says in a line that it could not be read.
void apply(ChatRequest &request, const QHash<QString, EncodedImage> &images);

} // namespace ImageUpload

} // namespace Skein
