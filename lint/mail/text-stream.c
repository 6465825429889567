// SPDX-License-Identifier: GPL-2.0-only
/*
 * A GMime stream that appends what is written to it to a GString, so a
 * text part is decoded straight into the message's body.
 * g_mime_text_part_get_text() decodes into a memory stream of its own,
 * whose bytes were then copied; for a large patch that copy was a second
 * body in memory.
 */
#include "gmime-extra.h"
#include "text-stream.h"

struct _SlTextStream {
	GMimeStream parent;
	GString *out;		/* not owned */
};

#define SL_TYPE_TEXT_STREAM (sl_text_stream_get_type())
G_DECLARE_FINAL_TYPE(SlTextStream, sl_text_stream, SL, TEXT_STREAM,
		     GMimeStream)
G_DEFINE_TYPE(SlTextStream, sl_text_stream, GMIME_TYPE_STREAM)

static ssize_t text_stream_write(GMimeStream *stream, const char *buf,
				 size_t len)
{
	SlTextStream *self = SL_TEXT_STREAM(stream);

	g_string_append_len(self->out, buf, (gssize)len);
	stream->position += (gint64)len;
	return (ssize_t)len;
}

/* Written to only: reading and seeking fail, flush and close succeed. */
static ssize_t text_stream_read(GMimeStream *stream, char *buf, size_t len)
{
	(void)stream;
	(void)buf;
	(void)len;
	return -1;
}

static int text_stream_nothing(GMimeStream *stream)
{
	(void)stream;
	return 0;
}

static gint64 text_stream_seek(GMimeStream *stream, gint64 offset,
			       GMimeSeekWhence whence)
{
	(void)stream;
	(void)offset;
	(void)whence;
	return -1;
}

static gboolean text_stream_eos(GMimeStream *stream)
{
	(void)stream;
	return TRUE;
}

static void sl_text_stream_class_init(SlTextStreamClass *klass)
{
	GMimeStreamClass *stream_class = GMIME_STREAM_CLASS(klass);

	stream_class->read = text_stream_read;
	stream_class->write = text_stream_write;
	stream_class->flush = text_stream_nothing;
	stream_class->close = text_stream_nothing;
	stream_class->reset = text_stream_nothing;
	stream_class->seek = text_stream_seek;
	stream_class->eos = text_stream_eos;
}

static void sl_text_stream_init(SlTextStream *self)
{
	(void)self;
}

GMimeStream *sl_text_stream_new(GString *out)
{
	SlTextStream *self = g_object_new(SL_TYPE_TEXT_STREAM, NULL);

	self->out = out;
	g_mime_stream_construct(GMIME_STREAM(self), 0, -1);
	return GMIME_STREAM(self);
}
