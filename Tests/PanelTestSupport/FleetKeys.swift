/// An Ed25519 key pair for the fleet's tests, made with `openssl genpkey -algorithm ed25519` and
/// `openssl pkey -pubout`, and a second public key that did not sign anything here.
public enum FleetKeys {
    public static let privatePEM = "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIHelfxmhoTfElZXBJvofa5TuWPnVeBXrrdq+bqFEjwBo\n-----END PRIVATE KEY-----\n"
    public static let publicPEM = "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA75armFI+1vgRJnZgfx64rkqVT/stqMyL14IyiOBkNQA=\n-----END PUBLIC KEY-----\n"
    public static let otherPublicPEM = "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA4heVoYfSDLjI+evcnSdacA46PkNmmMXok2z3lJH0CK8=\n-----END PUBLIC KEY-----\n"
}
