from .audio import Audioset, find_audio_files


class NoisyCleanSet:
    def __init__(self, noisy_dir, clean_dir, length=None, stride=None, pad=True, sample_rate=None):
        """__init__.

        :param noisy_dir: directory with the noisy wav files
        :param clean_dir: directory with the clean wav files (same names)
        """
        noisy = find_audio_files(noisy_dir)
        clean = find_audio_files(clean_dir)
        kw = {'length': length, 'stride': stride, 'pad': pad, 'sample_rate': sample_rate}
        self.clean_set = Audioset(clean, **kw)
        self.noisy_set = Audioset(noisy, **kw)
        assert len(self.clean_set) == len(self.noisy_set)

    def __getitem__(self, index):
        return self.noisy_set[index], self.clean_set[index]

    def __len__(self):
        return len(self.noisy_set)
