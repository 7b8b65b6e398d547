from os import listdir
from os.path import join

from torch.utils.data.dataset import Dataset

from . import npyimage as Image
from .transforms import Compose, RandomCrop, ToTensor, ToImage, Resize


def is_image_file(filename):
    return any(filename.endswith(extension) for extension in ['.npy'])


def calculate_valid_crop_size(crop_size, upscale_factor):
    return crop_size - (crop_size % upscale_factor)


def train_hr_transform(crop_size):
    return Compose([RandomCrop(crop_size), ToTensor()])


def train_lr_transform(crop_size, upscale_factor):
    return Compose([ToImage(), Resize(crop_size // upscale_factor), ToTensor()])


class TrainDatasetFromFolder(Dataset):
    def __init__(self, dataset_dir, crop_size, upscale_factor):
        super(TrainDatasetFromFolder, self).__init__()
        self.image_filenames = sorted(join(dataset_dir, x) for x in listdir(dataset_dir) if is_image_file(x))
        crop_size = calculate_valid_crop_size(crop_size, upscale_factor)
        self.hr_transform = train_hr_transform(crop_size)
        self.lr_transform = train_lr_transform(crop_size, upscale_factor)

    def __getitem__(self, index):
        hr_image = self.hr_transform(Image.open(self.image_filenames[index]))
        lr_image = self.lr_transform(hr_image)
        return lr_image, hr_image

    def __len__(self):
        return len(self.image_filenames)
