import PanelDrivers

/// `touchpanel decode-picture icon SIZE | page ...`: not for users. The panel starts it as a
/// child for each picture set at run time (`PictureJob`): the PNG on standard input, the
/// picture on standard output, so decoding never takes a turn of the panel's loop.
enum DecodePictureCommand {
    static func run(_ arguments: [String]) -> Int32 {
        PictureJob.serve(arguments: arguments)
    }
}
