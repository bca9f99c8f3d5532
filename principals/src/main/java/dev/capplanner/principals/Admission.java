package dev.capplanner.principals;

/** Whether a turn may run as the principal it names. */
public sealed interface Admission {

    /** The turn runs as {@code principal}; {@code verified} is false only for an asserted principal. */
    record Admitted(ClaimedPrincipal principal, boolean verified) implements Admission {
    }

    /** The turn runs nothing: {@code reason} names the check it failed, never the token. */
    record Refused(String reason) implements Admission {
    }
}
