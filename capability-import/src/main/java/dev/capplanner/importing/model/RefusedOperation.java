package dev.capplanner.importing.model;

/**
 * An operation of a source the import refused outright (it never becomes a capability, and no
 * operator approval can bring it in): where in the source it is, and why.
 *
 * @param location a JSON pointer into an OpenAPI document ({@code #/paths/~1customers}), or a catalog line
 */
public record RefusedOperation(String location, String reason) {

    @Override
    public String toString() {
        return location + ": " + reason;
    }
}
