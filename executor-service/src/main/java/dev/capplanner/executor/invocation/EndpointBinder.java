package dev.capplanner.executor.invocation;

import dev.capplanner.contracts.paths.PathTemplate;
import dev.capplanner.executor.request.ToolEndpoint;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * Turns an endpoint's path template and validated arguments into a path and query (rule "URLs by
 * rule"): the template is parsed as a path ({@link PathTemplate}), so one that carries a query string,
 * a fragment, a host or a dot segment is refused here too, whatever the registry holds; each
 * placeholder takes its argument encoded as one segment; every other argument (the input schema
 * allows no others) becomes a query parameter in name order, a list once per value.
 */
public final class EndpointBinder {

    /**
     * @throws IllegalArgumentException when the template is not a path, a path argument is missing, empty or
     *                                  a list, or a query argument is an empty list
     */
    public String bind(ToolEndpoint endpoint, Map<String, Object> arguments) {
        PathTemplate template;
        try {
            template = PathTemplate.parse(endpoint.path());
        } catch (PathTemplate.InvalidPathTemplateException e) {
            throw new IllegalArgumentException("the endpoint's path template is refused: " + e.getMessage(), e);
        }
        for (String name : template.parameterNames()) {
            if (arguments.get(name) instanceof java.util.List<?>) {
                throw new IllegalArgumentException("a list cannot fill the path placeholder " + name);
            }
        }
        Map<String, Object> remaining = new LinkedHashMap<>(arguments);
        String path = template.expand(arguments::get);
        template.parameterNames().forEach(remaining::remove);
        if (remaining.isEmpty()) {
            return path;
        }
        StringJoiner query = new StringJoiner("&", "?", "");
        new TreeMap<>(remaining).forEach((name, value) -> {
            if (value instanceof java.util.List<?> values && values.isEmpty()) {
                // No parameter at all would read the whole collection: an empty list names no target.
                throw new IllegalArgumentException("an empty list names no target for " + name);
            } else if (value instanceof java.util.List<?> values) {
                // A list (a bulk capability's targets) is the name once per value: OpenAPI's default form, exploded.
                values.forEach(one -> query.add(encode(name) + "=" + encode(String.valueOf(one))));
            } else {
                query.add(encode(name) + "=" + encode(String.valueOf(value)));
            }
        });
        return path + query;
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
