export {
  devicesPlaying,
  devicesShowingMenus,
  pickupEntries,
  signageImageUrl,
  signagePlaylist,
  signageScreenOfDevice,
} from './signage-playlist.ts'
