package dev.capplanner.contracts.paths;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * A source's path template, parsed by rule (rule "URLs by rule"): the path of an HTTP call is built
 * from it and the call's arguments, never by pasting template text. A template is a path and only a
 * path: it starts with {@code /}; a query string, a fragment, a scheme or host ({@code //}), a dot
 * segment, a backslash, whitespace or any character outside RFC 3986's path characters is refused
 * with the character's position and the reason, so a source cannot add a query parameter (a
 * {@code ?tenant=} that overrides the operator's binding), cut one off ({@code #}) or climb out of the
 * target's base path. Each {@code {name}} placeholder takes one argument, percent-encoded as part of
 * one segment: a value never adds a segment, a query or a fragment, and a value that is a dot segment
 * ({@code .} or {@code ..}) has its dots encoded too. Query parameters come from the input schema, the
 * host and base path from the operator's configuration.
 */
public final class PathTemplate {

    /** Longer templates are refused: no real API's path comes near it. */
    public static final int MAX_LENGTH = 2048;

    private static final String UNRESERVED_PUNCTUATION = "-._~";
    /** RFC 3986 {@code sub-delims}, {@code ":"} and {@code "@"}: allowed in a segment besides unreserved characters. */
    private static final String SEGMENT_PUNCTUATION = "!$&'()*+,;=:@";

    private final String template;
    /** Literal text and placeholders, in order: a placeholder is its parameter's name. */
    private final List<Part> parts;

    private PathTemplate(String template, List<Part> parts) {
        this.template = template;
        this.parts = List.copyOf(parts);
    }

    /** The template parsed, or {@link InvalidPathTemplateException} saying where and why it is not a path. */
    public static PathTemplate parse(String template) {
        if (template == null || template.isEmpty()) {
            throw new InvalidPathTemplateException(0, "a path template is required");
        }
        if (template.length() > MAX_LENGTH) {
            throw new InvalidPathTemplateException(MAX_LENGTH, "longer than " + MAX_LENGTH + " characters");
        }
        if (template.charAt(0) != '/') {
            throw new InvalidPathTemplateException(0, "a path starts with '/': a scheme or host is not part of a "
                    + "path template (the target's host and base path are the operator's)");
        }
        List<Part> parts = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        int segmentStart = 0;
        for (int i = 0; i < template.length(); i++) {
            char c = template.charAt(i);
            if (c == '{') {
                int close = template.indexOf('}', i);
                if (close < 0) {
                    throw new InvalidPathTemplateException(i, "'{' opens a placeholder that is never closed");
                }
                String name = template.substring(i + 1, close);
                if (!validName(name)) {
                    throw new InvalidPathTemplateException(i + 1, "a placeholder names a parameter: 1 to 128 letters, "
                            + "digits, '_', '-' or '.'");
                }
                flush(literal, parts);
                parts.add(new Part(name, true));
                i = close;
                continue;
            }
            if (c == '/') {
                checkSegment(template, segmentStart, i);
                segmentStart = i + 1;
            } else {
                checkCharacter(template, i);
            }
            literal.append(c);
        }
        checkSegment(template, segmentStart, template.length());
        flush(literal, parts);
        return new PathTemplate(template, parts);
    }

    /** Whether the text is a path template {@link #parse} accepts. */
    public static boolean isValid(String template) {
        try {
            parse(template);
            return true;
        } catch (InvalidPathTemplateException e) {
            return false;
        }
    }

    public String template() {
        return template;
    }

    /** The parameters its placeholders name, in order of first use. */
    public Set<String> parameterNames() {
        Set<String> names = new LinkedHashSet<>();
        parts.stream().filter(Part::placeholder).forEach(part -> names.add(part.text()));
        return names;
    }

    /**
     * The path with every placeholder replaced by its argument, percent-encoded.
     *
     * @param argument a placeholder's value by parameter name; null when the argument is missing
     * @throws IllegalArgumentException when an argument is missing or empty (an empty segment would
     *                                  change the path's shape)
     */
    public String expand(Function<String, Object> argument) {
        StringBuilder path = new StringBuilder(template.length() + 32);
        for (Part part : parts) {
            if (!part.placeholder()) {
                path.append(part.text());
                continue;
            }
            Object value = argument.apply(part.text());
            if (value == null) {
                throw new IllegalArgumentException("no argument for path parameter " + part.text());
            }
            String text = String.valueOf(value);
            if (text.isEmpty()) {
                throw new IllegalArgumentException("path parameter " + part.text() + " is empty");
            }
            path.append(encodeSegment(text));
        }
        return path.toString();
    }

    /** {@link #expand(Function)} from a map of arguments. */
    public String expand(Map<String, ?> arguments) {
        return expand(arguments::get);
    }

    /**
     * The value percent-encoded for use inside one path segment: every byte but the unreserved
     * characters is encoded, and so are the dots of a value that is nothing but dots (a dot segment).
     */
    public static String encodeSegment(String value) {
        boolean dotSegment = value.chars().allMatch(c -> c == '.');
        StringBuilder encoded = new StringBuilder(value.length() + 8);
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            int unsigned = b & 0xFF;
            if (unsigned < 0x80 && isUnreserved((char) unsigned) && !(dotSegment && unsigned == '.')) {
                encoded.append((char) unsigned);
            } else {
                encoded.append('%').append(Character.toUpperCase(Character.forDigit(unsigned >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(unsigned & 0xF, 16)));
            }
        }
        return encoded.toString();
    }

    private static void flush(StringBuilder literal, List<Part> parts) {
        if (!literal.isEmpty()) {
            parts.add(new Part(literal.toString(), false));
            literal.setLength(0);
        }
    }

    private static void checkCharacter(String template, int at) {
        char c = template.charAt(at);
        if (c == '?') {
            throw new InvalidPathTemplateException(at, "a query string is not part of a path template: query "
                    + "parameters come from the input schema");
        }
        if (c == '#') {
            throw new InvalidPathTemplateException(at, "a fragment is not part of a path template");
        }
        if (c == '}') {
            throw new InvalidPathTemplateException(at, "'}' closes no placeholder");
        }
        if (c == '%') {
            if (at + 2 >= template.length() || Character.digit(template.charAt(at + 1), 16) < 0
                    || Character.digit(template.charAt(at + 2), 16) < 0) {
                throw new InvalidPathTemplateException(at, "'%' must start a percent-encoded byte (two hex digits)");
            }
            return;
        }
        if (c >= 0x80 || !(isUnreserved(c) || SEGMENT_PUNCTUATION.indexOf(c) >= 0)) {
            throw new InvalidPathTemplateException(at, "character U+" + String.format("%04X", (int) c)
                    + " is not allowed in a path (RFC 3986): whitespace, control characters, '\\', quotes, '<', '>',"
                    + " '^', '`', '|' and non-ASCII characters are refused");
        }
    }

    /** An empty segment ({@code //}) or a dot segment, literal or percent-encoded, is refused. */
    private static void checkSegment(String template, int start, int end) {
        if (start == 0) {
            return; // before the leading slash
        }
        String segment = template.substring(start, end);
        if (segment.isEmpty() && end < template.length()) {
            throw new InvalidPathTemplateException(start, "an empty segment ('//') is refused: a client may read "
                    + "what follows as another host");
        }
        String decodedDots = segment.replace("%2e", ".").replace("%2E", ".");
        if (decodedDots.equals(".") || decodedDots.equals("..")) {
            throw new InvalidPathTemplateException(start, "a dot segment ('" + segment + "') would leave the path");
        }
    }

    private static boolean isUnreserved(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || UNRESERVED_PUNCTUATION.indexOf(c) >= 0;
    }

    private static boolean validName(String name) {
        if (name.isEmpty() || name.length() > 128) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'
                    || c == '.')) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return template;
    }

    private record Part(String text, boolean placeholder) {
    }

    /** The text is not a path template: {@link #position()} is the offending character's index. */
    public static final class InvalidPathTemplateException extends IllegalArgumentException {

        private final int position;

        public InvalidPathTemplateException(int position, String reason) {
            super("character " + position + ": " + reason);
            this.position = position;
        }

        public int position() {
            return position;
        }
    }
}
