/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_SEVERITY_H
#define SECLINT_SEVERITY_H

#include <glib.h>

enum sl_severity {
	SL_SEV_OFF,
	SL_SEV_INFO,
	SL_SEV_WARNING,
	SL_SEV_ERROR,
};

const char *sl_severity_name(enum sl_severity sev);
gboolean sl_severity_parse(const char *name, enum sl_severity *out);

#endif
