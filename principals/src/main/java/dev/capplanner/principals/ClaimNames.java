package dev.capplanner.principals;

/**
 * Where an issuer's tokens say who the user is: claim paths, dotted for nested objects
 * ({@code realm_access.roles}). {@code project} is null when the issuer's tokens name no project: the
 * issuer then speaks for every project of its tenants and the turn names the project.
 */
public record ClaimNames(String tenant, String project, String user, String roles) {

    public static final ClaimNames DEFAULT = new ClaimNames("tenant", null, "sub", "groups");
}
