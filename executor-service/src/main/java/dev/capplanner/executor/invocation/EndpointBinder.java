package dev.capplanner.executor.invocation;

import dev.capplanner.executor.request.ToolEndpoint;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns an endpoint template and validated arguments into a path and query: {@code {name}}
 * placeholders take their argument (percent-encoded, so a value cannot add path segments), every
 * other argument becomes a query parameter in name order.
 */
public final class EndpointBinder {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z0-9_]+)}");

    public String bind(ToolEndpoint endpoint, Map<String, Object> arguments) {
        Map<String, Object> remaining = new LinkedHashMap<>(arguments);
        Matcher matcher = PLACEHOLDER.matcher(endpoint.path());
        StringBuilder path = new StringBuilder();
        while (matcher.find()) {
            Object value = remaining.remove(matcher.group(1));
            if (value == null) {
                throw new IllegalArgumentException("no argument for path parameter " + matcher.group(1));
            }
            matcher.appendReplacement(path, Matcher.quoteReplacement(encode(String.valueOf(value))));
        }
        matcher.appendTail(path);
        if (remaining.isEmpty()) {
            return path.toString();
        }
        StringJoiner query = new StringJoiner("&", "?", "");
        new TreeMap<>(remaining).forEach((name, value) -> query.add(encode(name) + "=" + encode(String.valueOf(value))));
        return path + query.toString();
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
