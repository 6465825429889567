// SPDX-License-Identifier: GPL-2.0-only
/* The names of the severities, as the profiles and the output write them. */
#include <string.h>

#include "severity.h"

static const char *const severity_names[] = {
	[SL_SEV_OFF] = "off",
	[SL_SEV_INFO] = "info",
	[SL_SEV_WARNING] = "warning",
	[SL_SEV_ERROR] = "error",
};

const char *sl_severity_name(enum sl_severity sev)
{
	return severity_names[sev];
}

gboolean sl_severity_parse(const char *name, enum sl_severity *out)
{
	for (size_t i = 0; i < G_N_ELEMENTS(severity_names); i++) {
		if (!strcmp(name, severity_names[i])) {
			*out = (enum sl_severity)i;
			return TRUE;
		}
	}
	return FALSE;
}
