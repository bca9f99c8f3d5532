package dev.capplanner.contracts.schema;

import dev.capplanner.contracts.schema.CompiledSchema.UnsupportedSchemaException;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A JSON Schema {@code pattern} (an ECMA-262 regular expression) as a Java {@link Pattern} that
 * matches the same strings. The two dialects differ where it matters for identifiers: Java's
 * {@code $} also matches before a final line break (so {@code ^art_[0-9a-f]{32}$} would accept an
 * identifier with a newline appended), its {@code \s} and {@code .} see other characters, and it
 * reads syntax ECMA does not have (possessive quantifiers, inline flags, nested classes, {@code \Q}).
 * What cannot be translated with certainty is refused, so the schema is left to a full validator;
 * back-references are refused too: with them a match can take exponential time.
 */
final class EcmaPattern {

    /** ECMA-262's WhiteSpace and LineTerminator characters (what its {@code \s} matches). */
    private static final String WHITESPACE = "\\t\\n\\x0B\\f\\r \\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029"
            + "\\u202F\\u205F\\u3000\\uFEFF";
    private static final String WORD = "[A-Za-z0-9_]";
    private static final String BOUNDARY = "(?:(?<=" + WORD + ")(?!" + WORD + ")|(?<!" + WORD + ")(?=" + WORD + "))";
    private static final String NOT_BOUNDARY = "(?:(?<=" + WORD + ")(?=" + WORD + ")|(?<!" + WORD + ")(?!" + WORD + "))";

    private final String source;
    private final StringBuilder java = new StringBuilder();
    private int at;
    private boolean inClass;
    private boolean afterQuantifier;

    private EcmaPattern(String source) {
        this.source = source;
    }

    static Pattern compile(String ecma) {
        return Pattern.compile(toJava(ecma));
    }

    /** The pattern in Java's dialect, checked to compile there. */
    static String toJava(String ecma) {
        String java = new EcmaPattern(ecma).translate();
        try {
            Pattern.compile(java);
        } catch (PatternSyntaxException e) {
            throw new UnsupportedSchemaException("pattern is not a regular expression both dialects read");
        }
        return java;
    }

    private String translate() {
        while (at < source.length()) {
            char c = source.charAt(at++);
            if (inClass) {
                inClassCharacter(c);
            } else {
                outsideClassCharacter(c);
            }
        }
        if (inClass) {
            throw unsupported("an unclosed character class");
        }
        return java.toString();
    }

    private void outsideClassCharacter(char c) {
        boolean quantifier = false;
        switch (c) {
            case '\\' -> escape(false);
            case '[' -> {
                inClass = true;
                java.append('[');
                if (peek() == '^') {
                    java.append('^');
                    at++;
                }
                if (peek() == ']') {
                    throw unsupported("an empty character class");
                }
            }
            case '$' -> java.append("\\z");
            case '.' -> java.append("[^\\n\\r\\u2028\\u2029]");
            case '(' -> group();
            case '*', '+', '?' -> {
                if (afterQuantifier && c != '?') {
                    throw unsupported("a possessive or doubled quantifier");
                }
                // A '?' after a quantifier makes it lazy in both dialects.
                quantifier = !afterQuantifier;
                java.append(c);
            }
            case '}' -> {
                quantifier = true;
                java.append(c);
            }
            default -> java.append(c);
        }
        afterQuantifier = quantifier;
    }

    private void group() {
        java.append('(');
        if (peek() != '?') {
            return;
        }
        String rest = source.substring(at);
        if (rest.startsWith("?:") || rest.startsWith("?=") || rest.startsWith("?!") || rest.startsWith("?<=")
                || rest.startsWith("?<!")) {
            return;
        }
        if (rest.startsWith("?<")) {
            // A named group: Java reads only ASCII letters and digits in its name (else it refuses to compile).
            return;
        }
        throw unsupported("a group construct ECMA-262 does not have");
    }

    private void inClassCharacter(char c) {
        switch (c) {
            case '\\' -> escape(true);
            case ']' -> {
                inClass = false;
                java.append(']');
            }
            // Literal in ECMA-262; a nested class or an intersection in Java.
            case '[', '&' -> java.append('\\').append(c);
            default -> java.append(c);
        }
    }

    private void escape(boolean insideClass) {
        if (at >= source.length()) {
            throw unsupported("a trailing backslash");
        }
        char e = source.charAt(at++);
        switch (e) {
            case 'd', 'D', 'w', 'W', 't', 'n', 'r', 'f' -> java.append('\\').append(e);
            case 'v' -> java.append("\\x0B");
            case 's' -> java.append(insideClass ? WHITESPACE : "[" + WHITESPACE + "]");
            case 'S' -> {
                if (insideClass) {
                    throw unsupported("\\S inside a character class");
                }
                java.append("[^").append(WHITESPACE).append(']');
            }
            case 'b' -> java.append(insideClass ? "\\x08" : BOUNDARY);
            case 'B' -> {
                if (insideClass) {
                    throw unsupported("\\B inside a character class");
                }
                java.append(NOT_BOUNDARY);
            }
            case '0' -> {
                if (Character.isDigit(peek())) {
                    throw unsupported("an octal escape");
                }
                java.append("\\x00");
            }
            case 'x' -> java.append("\\x").append(hex(2));
            case 'u' -> java.append("\\u").append(hex(4));
            case 'c' -> {
                char letter = peek();
                if (!(letter >= 'A' && letter <= 'Z' || letter >= 'a' && letter <= 'z')) {
                    throw unsupported("a control escape without a letter");
                }
                at++;
                java.append("\\c").append(Character.toUpperCase(letter));
            }
            default -> {
                if (Character.isLetterOrDigit(e)) {
                    // Back-references, \p{...}, \k<...> and every Java-only escape (\A, \z, \Q, \h, \R, ...).
                    throw unsupported("the escape \\" + e);
                }
                java.append('\\').append(e);
            }
        }
    }

    private String hex(int digits) {
        if (at + digits > source.length()) {
            throw unsupported("a short hexadecimal escape");
        }
        String hex = source.substring(at, at + digits);
        for (char h : hex.toCharArray()) {
            if (Character.digit(h, 16) < 0) {
                throw unsupported("a hexadecimal escape without its digits");
            }
        }
        at += digits;
        return hex;
    }

    private char peek() {
        return at < source.length() ? source.charAt(at) : '\0';
    }

    private static UnsupportedSchemaException unsupported(String what) {
        return new UnsupportedSchemaException("pattern with " + what);
    }
}
