package dev.capplanner.importing.openapi;

/** A document that is not valid OpenAPI 3.0 or 3.1; the message names the place. */
public class OpenApiFormatException extends RuntimeException {
    public OpenApiFormatException(String location, String problem) {
        super(location + ": " + problem, null, false, false);
    }
}
