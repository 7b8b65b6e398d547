import geoai
from make_tiles import make_tiles

out_folder = make_tiles("tiles")

geoai.train_segmentation_model(
    images_dir=f"{out_folder}/images",
    labels_dir=f"{out_folder}/labels",
    output_dir=f"{out_folder}/unet_models",
    architecture="unet",
    encoder_name="resnet34",
    num_channels=3,
    num_classes=2,
    batch_size=4,
    num_epochs=3,
    learning_rate=0.001,
    val_split=0.2,
    verbose=True,
)
