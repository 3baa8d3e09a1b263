/// The device profiles listbench ships, as the text of their profile files
/// (one file each, `DeviceProfile+NAME.swift`), compiled into the simulator.
enum ShippedProfiles {
    /// Every shipped profile's text by its name.
    static let byName: [String: String] = [
        "iphone-6": iPhone6,
        "iphone-7": iPhone7,
        "iphone-x": iPhoneX,
        "iphone-15": iPhone15,
        "iphone-15-pro": iPhone15Pro,
    ]
}
