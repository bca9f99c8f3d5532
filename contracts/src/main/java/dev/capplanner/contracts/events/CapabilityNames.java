package dev.capplanner.contracts.events;

import java.util.regex.Pattern;

/**
 * Qualified capability names: {@code <kind>:<connection>/<name in the source>}, e.g.
 * {@code api:demo-api/orders.list}, {@code mcp:shipping-desk/track_shipment},
 * {@code kb:help-center/search}. The registry names every imported capability so; two sources of
 * one project may then name a tool alike. A name that is not qualified (a static catalog's) is its
 * own source name.
 */
public final class CapabilityNames {

    /** Connection ids never contain '/', so the first '/' after the prefix ends it. */
    private static final Pattern QUALIFIED = Pattern.compile("^(api|mcp|kb):[a-z0-9][a-z0-9._-]{0,63}/.+");

    private CapabilityNames() {
    }

    /**
     * {@code api:demo-api/orders.list}: the capability's kind ({@code api}, {@code mcp} or {@code kb}),
     * connection and source name.
     */
    public static String qualified(String kind, String connection, String sourceName) {
        return kind + ":" + connection + "/" + sourceName;
    }

    /** What the source itself calls the capability: {@code orders.list} of {@code api:demo-api/orders.list}. */
    public static String sourceName(String name) {
        return QUALIFIED.matcher(name).matches() ? name.substring(name.indexOf('/') + 1) : name;
    }
}
