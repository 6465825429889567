// SPDX-License-Identifier: GPL-2.0-only
#include "check.h"
#include "message.h"

struct one_input {
	struct sl_run *run;
	const char *name;
	gboolean is_mbox;
};

static gboolean on_message(struct sl_message *msg, gpointer data,
			   GError **error)
{
	struct one_input *in = data;
	g_autoptr(GPtrArray) findings = sl_lint_message(msg, in->run->policy);

	(void)error;
	sl_output_message(in->run->output, in->name, in->is_mbox, msg,
			  findings);
	return TRUE;
}

void sl_run_path(struct sl_run *run, const char *path)
{
	struct one_input in = { run, path, FALSE };
	g_autoptr(GError) error = NULL;

	if (!sl_input_read(path, run->extra, &in.is_mbox, on_message, &in,
			   &error))
		sl_output_input_error(run->output, path, error);
}

void sl_run_bytes(struct sl_run *run, const char *name, const char *bytes,
		  gsize len)
{
	struct one_input in = { run, name, FALSE };
	g_autoptr(GError) error = NULL;

	if (!sl_input_parse(bytes, len, run->extra, &in.is_mbox, on_message,
			    &in, &error))
		sl_output_input_error(run->output, name, error);
}
