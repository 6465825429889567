/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The one place where GMime is adapted for seclint: GMime 3.2 declares no
 * g_autoptr() cleanup functions, so they are declared here, once.
 */
#ifndef SECLINT_GMIME_EXTRA_H
#define SECLINT_GMIME_EXTRA_H

#include <gmime/gmime.h>

G_DEFINE_AUTOPTR_CLEANUP_FUNC(GMimeMessage, g_object_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC(GMimeParser, g_object_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC(GMimeStream, g_object_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC(InternetAddressList, g_object_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC(GMimeParserOptions, g_mime_parser_options_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC(GMimeContentType, g_object_unref)

#endif
